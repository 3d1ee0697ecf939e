#!/usr/bin/env node
// The embed script: packages/embed/src/auto.ts bundled by esbuild into one small minified
// file, packages/web/dist/embed.js, which the server answers at EMBED_SCRIPT_PATH (`/embed.js`,
// compressed per answer like pages). Run after `vite build` (which empties packages/web/dist).
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync } from "node:zlib";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const EMBED_OUT_FILE = resolve(ROOT, "packages/web/dist/embed.js");

export async function buildEmbed() {
  await build({
    absWorkingDir: ROOT,
    entryPoints: ["packages/embed/src/auto.ts"],
    outfile: EMBED_OUT_FILE,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: ["es2020"],
    minify: true,
    legalComments: "none",
    tsconfig: resolve(ROOT, "tsconfig.json"),
    logLevel: "warning",
  });
  const text = readFileSync(EMBED_OUT_FILE);
  return { bytes: text.length, brotli: brotliCompressSync(text).length };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { bytes, brotli } = await buildEmbed();
  console.log(`Built the embed script into packages/web/dist/embed.js (${bytes} B, ${brotli} B brotli)`);
}
