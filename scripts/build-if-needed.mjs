#!/usr/bin/env node
// `npm start` and `npm run cli` build what they run only when a source is newer than the build:
// the respondent bundle (vite, packages/web/dist, with the embed script) and the server (esbuild, packages/server/dist).
// Messages go to stderr, so `npm run --silent cli … | …` keeps a clean stdout.
// One build at a time: test files that run the built server or CLI check at the same moment
// (each in its own process); a second waits for the first's lock, then finds the build fresh.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildServer, SERVER_ENTRIES, SERVER_OUT_DIR } from "./build-server.mjs";

const WEB = {
  outputs: ["packages/web/dist/.vite/manifest.json", "packages/web/dist/embed.js"],
  sources: [
    "packages/web/src", "packages/web/vite.config.ts", "packages/web/vite-precompress.ts", "packages/core/src", "packages/web/package.json",
    "packages/embed/src", "scripts/build-embed.mjs",
  ],
};
const SERVER = {
  outputs: Object.keys(SERVER_ENTRIES).map((name) => join(SERVER_OUT_DIR, `${name}.js`)),
  sources: ["packages/server/src", "packages/core/src", "packages/web/src", "packages/server/package.json", "scripts/build-server.mjs", "package-lock.json"],
};
/** A directory (mkdir is atomic) holding the builder's pid. */
const LOCK = "node_modules/.cache/fieldwork-build-lock";
const LOCK_WAIT_MS = 300_000;

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** True when every output exists and is newer than every source. */
function fresh(outputs, sources) {
  if (!outputs.every((o) => existsSync(o))) return false;
  const built = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  return sources.every((s) => !existsSync(s) || newest(s) <= built);
}

const webFresh = () => fresh(WEB.outputs, WEB.sources);
const serverFresh = () => fresh(SERVER.outputs, SERVER.sources);

/** Whether the lock's holder is gone: its pid is dead, or it never wrote one within 10 s. */
function abandoned() {
  try {
    process.kill(Number(readFileSync(join(LOCK, "pid"), "utf8")), 0);
    return false;
  } catch (error) {
    if (error.code === "EPERM") return false;
    if (error.code === "ENOENT") return existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 10_000;
    return true;
  }
}

async function takeLock() {
  mkdirSync(join(LOCK, ".."), { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, "pid"), String(process.pid));
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    if (abandoned()) rmSync(LOCK, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`another build has held ${LOCK} for ${LOCK_WAIT_MS / 1000} s`);
    else await sleep(100);
  }
}

if (!webFresh() || !serverFresh()) {
  const release = await takeLock();
  try {
    // Checked again under the lock: the build this one waited for may have made them fresh.
    if (!webFresh()) {
      console.error("Building the respondent bundle…");
      // A production build whatever runs it: under Vitest NODE_ENV is "test", which would build React's development bundle.
      const result = spawnSync("npm", ["run", "build", "--silent"], { stdio: ["ignore", 2, 2], env: { ...process.env, NODE_ENV: "production" } });
      if (result.status !== 0) process.exitCode = result.status ?? 1;
    }
    if (!process.exitCode && !serverFresh()) {
      console.error("Building the server…");
      await buildServer();
    }
  } finally {
    release();
  }
}
