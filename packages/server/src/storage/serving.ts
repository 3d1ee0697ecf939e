/**
 * How a stored file goes out (issue 21 item 7): its sniffed type, never sniffed again by the
 * browser (`nosniff`), in a sandbox with nothing allowed (`default-src 'none'; sandbox`), and
 * as an attachment unless it is an image, audio, video or PDF that a browser shows without
 * running anything of ours. HTML, SVG and XML always download.
 */
import type { ByteRange } from "./driver";

/** Shown in the page (an `<img>`, a player, the PDF viewer); anything else downloads. */
const INLINE = /^(?:image\/(?:png|jpeg|gif|webp|avif|bmp|tiff|heic)|audio\/[\w.+-]+|video\/[\w.+-]+|application\/pdf)$/;

export const OBJECT_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export function servesInline(type: string): boolean {
  return INLINE.test(type);
}

/**
 * `attachment; filename="cv_final.pdf"; filename*=UTF-8''cv%20final.pdf` (RFC 6266): an ASCII
 * fallback without quotes, backslashes or controls, and the UTF-8 name percent-encoded.
 */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, "_").slice(0, 200) || "file";
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The one range of a `Range: bytes=…` header within a file of `size` bytes: `undefined` to
 * send the whole file (no header, several ranges, another unit), `"unsatisfiable"` for 416.
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return undefined;
  if (size === 0) return "unsatisfiable";
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
