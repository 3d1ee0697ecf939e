#!/usr/bin/env node
// `npm start` builds the respondent bundle only when a source is newer than the build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const manifest = "packages/web/dist/.vite/manifest.json";
const sources = ["packages/web/src", "packages/web/vite.config.ts", "packages/web/vite-precompress.ts", "packages/core/src", "packages/web/package.json"];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
if (built > 0 && sources.every((s) => !existsSync(s) || newest(s) <= built)) process.exit(0);
console.log("Building the respondent bundle…");
const result = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
process.exit(result.status ?? 1);
