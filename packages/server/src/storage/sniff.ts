/**
 * The type of a file is what its first bytes say, never its name or the browser's word
 * (issue 21). A magic-byte table for the accept families (images, audio, video, PDF,
 * archives) and a text check that names HTML, SVG and XML as such, so that the object
 * route can refuse them where an image is wanted and never serve them inline.
 *
 *   sniffType(Buffer.from("%PDF-1.7 …"))        // "application/pdf"
 *   sniffType(Buffer.from("<svg xmlns=…"))      // "image/svg+xml"
 */

/** How many leading bytes sniffing reads (enough for the tracks of a WebM header). */
export const SNIFF_BYTES = 4100;

export const OCTET_STREAM = "application/octet-stream";

const ascii = (bytes: Uint8Array, start: number, length: number) => Buffer.from(bytes.subarray(start, start + length)).toString("latin1");
const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);

export function sniffType(bytes: Uint8Array): string {
  return binaryType(bytes) ?? textType(bytes) ?? OCTET_STREAM;
}

function binaryType(b: Uint8Array): string | undefined {
  if (startsWith(b, [0xfe, 0xff]) || startsWith(b, [0xff, 0xfe])) return undefined; // UTF-16 text
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "image/jpeg";
  const head6 = ascii(b, 0, 6);
  if (head6 === "GIF87a" || head6 === "GIF89a") return "image/gif";
  if (ascii(b, 0, 4) === "RIFF") {
    const form = ascii(b, 8, 4);
    if (form === "WEBP") return "image/webp";
    if (form === "WAVE") return "audio/wav";
    if (form === "AVI ") return "video/x-msvideo";
  }
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return "image/tiff";
  if (ascii(b, 4, 4) === "ftyp") return isoMediaType(ascii(b, 8, 4), b);
  if (ascii(b, 0, 5) === "%PDF-") return "application/pdf";
  if (ascii(b, 0, 4) === "fLaC") return "audio/flac";
  if (ascii(b, 0, 4) === "OggS") return oggType(b);
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return matroskaType(b);
  if (ascii(b, 0, 3) === "ID3") return "audio/mpeg";
  if (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xf6) === 0xf0) return "audio/aac";
  if (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0) return "audio/mpeg";
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return zipType(b);
  if (startsWith(b, [0x1f, 0x8b])) return "application/gzip";
  if (ascii(b, 0, 2) === "BM" && b.length >= 26 && b[14]! >= 12 && b[14]! <= 124 && b[15] === 0 && b[6] === 0 && b[7] === 0) return "image/bmp";
  return undefined;
}

function isoMediaType(brand: string, b: Uint8Array): string {
  if (brand === "avif" || brand === "avis") return "image/avif";
  if (["heic", "heix", "heim", "heis", "mif1", "msf1"].includes(brand)) return "image/heic";
  if (brand === "M4A " || brand === "M4B ") return "audio/mp4";
  if (brand === "qt  ") return "video/quicktime";
  if (brand.startsWith("3g")) return "video/3gpp";
  // A compatible brand `avif` after another major brand is still an AVIF image.
  if (ascii(b, 16, 32).includes("avif")) return "image/avif";
  return "video/mp4";
}

function oggType(b: Uint8Array): string {
  const head = ascii(b, 0, 64);
  if (head.includes("\x80theora")) return "video/ogg";
  return "audio/ogg";
}

function matroskaType(b: Uint8Array): string {
  const head = ascii(b, 0, SNIFF_BYTES);
  const webm = head.includes("webm");
  // Codec ids of the Tracks element (V_VP8, A_OPUS): a recording with sound only is audio.
  const audioOnly = head.includes("A_") && !head.includes("V_");
  if (webm) return audioOnly ? "audio/webm" : "video/webm";
  return audioOnly ? "audio/x-matroska" : "video/x-matroska";
}

function zipType(b: Uint8Array): string {
  const name = ascii(b, 30, 40);
  const head = ascii(b, 0, SNIFF_BYTES);
  if (name.startsWith("mimetypeapplication/epub+zip")) return "application/epub+zip";
  if (head.includes("word/")) return "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
  if (head.includes("xl/")) return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  if (head.includes("ppt/")) return "application/vnd.openxmlformats-officedocument.presentationml.presentation";
  return "application/zip";
}

const ACTIVE_MARKERS = /<(?:!doctype\s+html|html|head|body|script|iframe|object|embed|frameset|meta|link|style|title|a\s|img\s|div|table|form|svg|\?xml)/i;

/** Text (UTF-8 or UTF-16 with a BOM, no NUL): HTML, SVG and XML named as such, anything else text/plain. */
function textType(b: Uint8Array): string | undefined {
  const text = decodeText(b);
  if (text === undefined) return undefined;
  const marker = ACTIVE_MARKERS.exec(text)?.[0].toLowerCase();
  if (marker === undefined) return "text/plain";
  if (/<svg[\s>/]/i.test(text)) return "image/svg+xml";
  if (marker === "<?xml") return /<html[\s>]/i.test(text) ? "application/xhtml+xml" : "application/xml";
  return "text/html";
}

function decodeText(b: Uint8Array): string | undefined {
  if (b.length === 0) return undefined;
  if (startsWith(b, [0xfe, 0xff]) || startsWith(b, [0xff, 0xfe])) {
    return new TextDecoder(b[0] === 0xff ? "utf-16le" : "utf-16be").decode(b);
  }
  if (b.includes(0)) return undefined;
  try {
    // A multi-byte character cut at the end of the sniffed bytes is still text.
    return new TextDecoder("utf-8", { fatal: true }).decode(trimCutCharacter(b));
  } catch {
    return undefined;
  }
}

function trimCutCharacter(b: Uint8Array): Uint8Array {
  for (let back = 1; back <= 3 && back <= b.length; back++) {
    const byte = b[b.length - back]!;
    if ((byte & 0xc0) === 0xc0) return b.subarray(0, b.length - back);
    if ((byte & 0xc0) !== 0x80) break;
  }
  return b;
}
