#!/usr/bin/env node
// `npm test`: lint, typecheck and the respondent bundle's build at the same time, and once
// the build is done every Vitest project (unit, integration on PGlite and PostgreSQL,
// end-to-end in Chromium), which needs it, while lint and the typecheck go on. Each step
// prints how long it took. Under CI=true a missing PostgreSQL or Chromium fails the run
// instead of skipping.
import { spawn } from "node:child_process";
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

/** Runs `command`; its output is held and printed whole when it ends, unless `live`. */
function run(name, command, args, live = false) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: live ? "inherit" : ["ignore", "pipe", "pipe"], env: process.env });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (status) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (!live) console.log(`\n▶ ${name}: ${command} ${args.join(" ")}\n${Buffer.concat(output).toString()}`);
      console.log(`${status === 0 ? "✔" : "✖"} ${name} ${status === 0 ? "passed" : "failed"} in ${seconds} s`);
      resolve(status ?? 1);
    });
  });
}

const started = performance.now();
// package.json's own scripts, so `npm run lint` and `npm run typecheck` check what CI checks
// (the typecheck runs TypeScript 7: docs/ARCHITECTURE.md, "Testing and CI speed").
const lint = run("lint", "npm", ["run", "lint", "--silent"]);
const typecheck = run("typecheck", "npm", ["run", "typecheck", "--silent"]);
const build = await run("build", "npm", ["run", "build", "--silent"]);
if (build !== 0) {
  await Promise.all([lint, typecheck]);
  process.exit(build);
}
// The tests need the build only: they start now, beside lint and the typecheck, which on two
// cores leave one idle once the build is done. A failed check still fails the run at the end.
console.log("\n▶ tests: npx vitest run " + process.argv.slice(2).join(" "));
const statuses = await Promise.all([lint, typecheck, run("tests", "npx", ["vitest", "run", ...process.argv.slice(2)], true)]);
console.log(`npm test took ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(statuses.find((status) => status !== 0) ?? 0);
