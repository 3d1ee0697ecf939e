/**
 * Image transforms of a stored file (issue 21 item 7): the query of
 * `GET /v1/storage/object/{key}?token=…&width=&height=&resize=&quality=&format=`, read and
 * bounded here for the server and for the browser that builds thumbnail URLs.
 *
 *   imageTransformOf({ width: "200", resize: "contain", quality: "50" })
 *   // { ok: true, transform: { width: 200, resize: "contain", quality: 50 } }
 *   imageTransformOf({ width: "99999" })   // { ok: false }
 */

export const IMAGE_TRANSFORM_LIMITS = { max_side: 4096, min_quality: 1, max_quality: 100 } as const;
export const IMAGE_RESIZE_MODES = ["cover", "contain", "fill", "inside", "outside"] as const;
export const IMAGE_FORMATS = ["webp", "jpeg", "png", "avif"] as const;

export type ImageResize = (typeof IMAGE_RESIZE_MODES)[number];
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export interface ImageTransform {
  width?: number;
  height?: number;
  resize?: ImageResize;
  quality?: number;
  format?: ImageFormat;
}

/** Spec 3 §9: the file preview thumbnail and the public image transform. */
export const THUMBNAIL_TRANSFORM = { width: 200, resize: "contain", quality: 50 } as const satisfies ImageTransform;

const WHOLE = /^[1-9][0-9]{0,5}$/;

/** The transform a query asks for (`undefined` when it asks for none), or `ok: false` when a value is out of bounds. */
export function imageTransformOf(query: Record<string, unknown>): { ok: true; transform: ImageTransform | undefined } | { ok: false } {
  const transform: ImageTransform = {};
  const text = (name: string): string | undefined => {
    const value = query[name];
    return typeof value === "string" ? value : undefined;
  };
  for (const name of ["width", "height", "resize", "quality", "format"] as const) {
    if (query[name] !== undefined && typeof query[name] !== "string") return { ok: false };
  }
  for (const side of ["width", "height"] as const) {
    const value = text(side);
    if (value === undefined) continue;
    if (!WHOLE.test(value) || Number(value) > IMAGE_TRANSFORM_LIMITS.max_side) return { ok: false };
    transform[side] = Number(value);
  }
  const quality = text("quality");
  if (quality !== undefined) {
    if (!WHOLE.test(quality) || Number(quality) > IMAGE_TRANSFORM_LIMITS.max_quality) return { ok: false };
    transform.quality = Number(quality);
  }
  const resize = text("resize");
  if (resize !== undefined) {
    if (!(IMAGE_RESIZE_MODES as readonly string[]).includes(resize)) return { ok: false };
    transform.resize = resize as ImageResize;
  }
  const format = text("format");
  if (format !== undefined) {
    if (!(IMAGE_FORMATS as readonly string[]).includes(format)) return { ok: false };
    transform.format = format as ImageFormat;
  }
  return { ok: true, transform: Object.keys(transform).length > 0 ? transform : undefined };
}

/** The query of a transform, in a fixed order (one URL, one cache entry per transform). */
export function imageTransformQuery(transform: ImageTransform): string {
  const entries = (["width", "height", "resize", "quality", "format"] as const)
    .filter((name) => transform[name] !== undefined)
    .map((name) => `${name}=${encodeURIComponent(String(transform[name]))}`);
  return entries.join("&");
}
