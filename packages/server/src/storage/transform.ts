/**
 * Image transforms with sharp (imported on first use: a server that never resizes never
 * loads libvips). Bounded: width and height ≤ 4096 (core's imageTransformOf), input ≤ 100
 * megapixels, raster inputs only (never SVG: it can reference other files and run a parser
 * we do not need), one transform at a time per core.
 *
 * Results are cached on the driver under `.cache/t/{hash of key}/{hash of source + transform}`:
 * a grid of thumbnails is asked for again on every view, and a 200 px thumbnail of a 12 MP
 * photo costs far more to make than to read. The source's size and modification time are in
 * the name, so a replaced file never serves an old thumbnail; deleting or moving a file drops
 * its folder of the cache (checked-storage.ts).
 */
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { Readable } from "node:stream";
import { FieldworkError, type ImageFormat, type ImageTransform } from "@fieldwork/core";
import { loadSharp } from "./sharp";
import type { StorageDriver, StoredObject } from "./driver";

export const TRANSFORM_INPUT_MAX_PIXELS = 100_000_000;
/** Raster types sharp reads here (its prebuilt libvips has no HEIC decoder). */
const TRANSFORMABLE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/tiff"]);
const OUTPUT_OF: Record<string, ImageFormat> = { "image/png": "png", "image/jpeg": "jpeg", "image/webp": "webp", "image/avif": "avif" };
export const TYPE_OF_FORMAT: Record<ImageFormat, string> = { webp: "image/webp", jpeg: "image/jpeg", png: "image/png", avif: "image/avif" };
const CACHE_VERSION = "1";

const hash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** The cache folder of one source key (dropped when the key is deleted or moved). */
export const transformCacheFolder = (key: string) => `.cache/t/${hash(key)}/`;

export function canTransform(type: string): boolean {
  return TRANSFORMABLE.has(type);
}

/** The output format: the one asked for, else the source's (GIF and TIFF become WebP). */
export function outputFormatOf(object: StoredObject, transform: ImageTransform): ImageFormat {
  return transform.format ?? OUTPUT_OF[object.contentType] ?? "webp";
}

/** One transform per core at a time; the rest wait their turn. */
let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= Math.max(1, availableParallelism())) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * The transformed bytes of `key` (from the cache, or made and cached). `raw` is the
 * driver without the key check, the only one that reaches `.cache/`.
 */
export async function transformedImage(raw: StorageDriver, key: string, object: StoredObject, transform: ImageTransform): Promise<{ bytes: Buffer; type: string }> {
  if (!canTransform(object.contentType)) throw new FieldworkError("STORAGE_TRANSFORM_UNSUPPORTED");
  const format = outputFormatOf(object, transform);
  const type = TYPE_OF_FORMAT[format];
  const cacheKey = `${transformCacheFolder(key)}${hash(JSON.stringify([CACHE_VERSION, object.size, object.lastModified.getTime(), transform]))}.${format}`;
  const cached = await raw.get(cacheKey);
  if (cached) return { bytes: Buffer.concat(await Readable.from(cached.body as AsyncIterable<Buffer>).toArray() as Buffer[]), type };
  const source = await raw.get(key);
  if (!source) throw new FieldworkError("STORAGE_OBJECT_NOT_FOUND");
  const bytes = await inTurn(() => render(source.body, transform, format));
  // Best effort: a cache that cannot be written only costs the next request a transform.
  await raw.put(cacheKey, Readable.from([bytes]), { contentType: type, maxBytes: bytes.length }).catch(() => undefined);
  return { bytes, type };
}

async function render(input: NodeJS.ReadableStream, transform: ImageTransform, format: ImageFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp({ limitInputPixels: TRANSFORM_INPUT_MAX_PIXELS, sequentialRead: true, failOn: "error" });
  const done = image
    .rotate() // upright from EXIF orientation, which is then dropped with the rest of the metadata
    .resize({
      ...(transform.width ? { width: transform.width } : {}), ...(transform.height ? { height: transform.height } : {}),
      fit: transform.resize ?? "cover", withoutEnlargement: true,
    })
    .toFormat(format, transform.quality ? { quality: transform.quality } : {})
    .toBuffer();
  input.pipe(image);
  try {
    return await done;
  } catch {
    // Past the pixel limit, truncated or corrupt, or a format sharp cannot read.
    (input as Readable).destroy?.();
    throw new FieldworkError("STORAGE_TRANSFORM_UNSUPPORTED");
  }
}
