/**
 * sharp (libvips, a native library) loads when the first picture is drawn (an image
 * transform, a share card, a signature from a picture), not when the server starts, and once
 * for all of them: no libvips operation cache, so RSS stays flat between requests, and one
 * libvips thread per call (storage/transform.ts runs one call per core at a time).
 */
import type * as SharpModule from "sharp";

export type Sharp = typeof SharpModule.default;

let loaded: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}
