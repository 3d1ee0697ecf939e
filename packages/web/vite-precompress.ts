/**
 * A Vite build plugin that writes `name.br` (brotli at its best quality) and `name.gz`
 * (gzip level 9) beside every text file of `dist/assets`, once per build, so the server
 * sends them as they are (@fastify/static `preCompressed`) instead of compressing each
 * request. Fonts and images are compressed already and are left alone; so is a file that
 * would not get smaller.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: scripts, stylesheets, SVG, JSON, source maps, text. */
export const COMPRESSIBLE_ASSET = /\.(?:m?js|css|svg|json|map|txt|html)$/;

/** Writes `<file>.br` and `<file>.gz` beside `file` when they are smaller; gives the names written. */
export async function precompressFile(file: string): Promise<string[]> {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written: string[] = [];
  for (const [suffix, bytes] of [[".br", br], [".gz", gz]] as const) {
    if (bytes.length >= raw.length) continue;
    await writeFile(file + suffix, bytes);
    written.push(file + suffix);
  }
  return written;
}

export function precompress(options: { assetsDir?: string } = {}): Plugin {
  const assetsDir = options.assetsDir ?? "assets";
  return {
    name: "fieldwork:precompress",
    apply: "build",
    async writeBundle(output, bundle) {
      const dir = output.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((name) => name.startsWith(`${assetsDir}/`) && COMPRESSIBLE_ASSET.test(name));
      await Promise.all(files.map((name) => precompressFile(join(dir, name))));
    },
  };
}
