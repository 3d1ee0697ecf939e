/**
 * A signature without JavaScript (issue 22): the page without scripts offers a file input for
 * a picture of the visitor's signature instead of the pad (web respondent/fields/plain-field.tsx).
 * The picture's bytes are read into memory (at most the multipart file limit), recognised by
 * their magic (PNG, JPEG or WebP; the declared type and name count for nothing), decoded and
 * written again as a PNG that fits the signature's column, so the row holds the very value
 * the pad posts (`data:image/png;base64,…`, core answer-formats.ts) and nothing of the
 * original file (metadata, other chunks) is kept. A phone photo of a signature on paper is
 * the common case, hence JPEG.
 */
import { capabilityOf, FILE_LIMITS, isSignatureImage, SIGNATURE_PREFIX, type FieldProblem } from "@fieldwork/core";
import { loadSharp } from "../../storage/sharp";

/** What one signature picture became: the stored value, or why it was refused. */
export type SignatureUpload = { ok: true; value: string } | { ok: false; problem: FieldProblem };

/** The image format of `bytes` from their first bytes, or undefined (SVG, HTML, anything else). */
export function sniffSignatureImage(bytes: Uint8Array): "png" | "jpeg" | "webp" | undefined {
  const at = (i: number, ...values: number[]) => values.every((v, j) => bytes[i + j] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return undefined;
}

/** The sizes a picture is drawn at, largest first: twice the pad, then the pad (600 × 180). */
const SIZES = [[1200, 360], [600, 180]] as const;
/** A decoded picture may be at most this many pixels (a 24-megapixel phone photo). */
const MAX_INPUT_PIXELS = 24_000_000;

/** The stored signature made from a picture's bytes, or the refusal a visitor reads under the field. */
export async function signatureFromImage(bytes: Buffer): Promise<SignatureUpload> {
  const refusedType: SignatureUpload = { ok: false, problem: { kind: "file_type", accept: "PNG, JPEG, WebP" } };
  if (bytes.length > FILE_LIMITS.multipart_bytes) return { ok: false, problem: { kind: "file_too_large", max_bytes: FILE_LIMITS.multipart_bytes } };
  if (!sniffSignatureImage(bytes)) return refusedType;
  const sharp = await loadSharp();
  const most = capabilityOf("signature").max_length;
  for (const [width, height] of SIZES) {
    let png: Buffer;
    try {
      png = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate() // a phone photo's EXIF orientation, applied before the metadata goes
        .resize({ width, height, fit: "inside", withoutEnlargement: true })
        .png({ palette: true, effort: 1, compressionLevel: 9 }) // effort 1: a noisy photo costs half a second, not ten
        .toBuffer();
    } catch {
      return refusedType; // magic of an image, body of something else (or past the pixel limit)
    }
    const value = SIGNATURE_PREFIX + png.toString("base64");
    if (value.length <= most && isSignatureImage(value)) return { ok: true, value };
  }
  // Even at the pad's size the PNG does not fit the column (a noisy photo): its bytes are the problem.
  return { ok: false, problem: { kind: "file_too_large", max_bytes: Math.floor(((most - SIGNATURE_PREFIX.length) * 3) / 4) } };
}

/** Reads a file part to its end, keeping at most `max` bytes; `undefined` when it was longer. */
export async function readCapped(stream: AsyncIterable<Buffer | string> & { truncated?: boolean }, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of stream) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > max) over = true;
    else chunks.push(buffer);
  }
  return over || stream.truncated === true ? undefined : Buffer.concat(chunks);
}
