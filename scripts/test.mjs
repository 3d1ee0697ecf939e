#!/usr/bin/env node
// `npm test`: lint, typecheck, build the respondent bundle, then every Vitest project
// (unit, integration on PGlite and PostgreSQL, end-to-end in Chromium). Under CI=true a
// missing PostgreSQL or Chromium fails the run instead of skipping.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";

const ci = process.env.CI === "true";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const pgUrl = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port), timeout: 2000 }, () => { socket.end(); resolve(true); });
    socket.on("error", () => resolve(false));
    socket.on("timeout", () => { socket.destroy(); resolve(false); });
  });
}

const missing = [];
if (!(await reachable(pgUrl.hostname, pgUrl.port || 5432))) missing.push(`PostgreSQL at ${pgUrl.host}`);
if (!existsSync(chromium)) missing.push(`Chromium at ${chromium}`);
if (missing.length) {
  if (ci) {
    console.error(`CI=true and these are missing: ${missing.join(", ")}. Nothing may be skipped under CI.`);
    process.exit(1);
  }
  console.warn(`Missing ${missing.join(", ")}: the tests that need them are skipped (they run under CI=true).`);
}

const steps = [
  ["lint", "npx", ["eslint", "."]],
  ["typecheck", "npx", ["tsc", "--noEmit", "-p", "."]],
  ["build", "npm", ["run", "build", "--silent"]],
  ["tests", "npx", ["vitest", "run", ...process.argv.slice(2)]],
];
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
