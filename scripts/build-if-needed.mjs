#!/usr/bin/env node
// `npm start` and `npm run cli` build what they run only when a source is newer than the build:
// the respondent bundle (vite, packages/web/dist) and the server (esbuild, packages/server/dist).
// Messages go to stderr, so `npm run --silent cli … | …` keeps a clean stdout.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildServer, SERVER_ENTRIES, SERVER_OUT_DIR } from "./build-server.mjs";

const WEB = {
  output: "packages/web/dist/.vite/manifest.json",
  sources: ["packages/web/src", "packages/web/vite.config.ts", "packages/web/vite-precompress.ts", "packages/core/src", "packages/web/package.json"],
};
const SERVER = {
  outputs: Object.keys(SERVER_ENTRIES).map((name) => join(SERVER_OUT_DIR, `${name}.js`)),
  sources: ["packages/server/src", "packages/core/src", "packages/web/src", "packages/server/package.json", "scripts/build-server.mjs", "package-lock.json"],
};

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

if (!fresh([WEB.output], WEB.sources)) {
  console.error("Building the respondent bundle…");
  const result = spawnSync("npm", ["run", "build", "--silent"], { stdio: ["ignore", 2, 2] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!fresh(SERVER.outputs, SERVER.sources)) {
  console.error("Building the server…");
  await buildServer();
}
