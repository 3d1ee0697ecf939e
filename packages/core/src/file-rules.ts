/**
 * The rules of a file answer (spec 1 §5, §9): how many files, how large, of which types.
 * The uploader widget and the server's submit (forms/submit/file-answers.ts) apply the same
 * rules; the server checks `accept` against the type sniffed from the bytes.
 */
import { acceptOf, fileMatchesAccept, type UploadedFileFacts } from "./file-accept";
import { FILE_LIMITS, maxFilesOf } from "./file-limits";
import { fieldFailure, type ParseFailure } from "./field-value";
import type { FormField } from "./form-model";

export { acceptOf, fileMatchesAccept, FILE_LIMITS, maxFilesOf, type UploadedFileFacts };

type FileField = Pick<FormField, "name" | "type" | "accept" | "multiple">;

/**
 * The first problem of a file answer, or `undefined`: too many files, one over the size
 * limit of its upload path, one of a type the field does not accept.
 */
export function checkFiles(
  field: FileField, files: readonly UploadedFileFacts[], maxBytes: number = FILE_LIMITS.multipart_bytes,
): ParseFailure | undefined {
  const most = maxFilesOf(field);
  if (files.length > most) return fieldFailure(field, { kind: "too_many_files", max: most });
  if (files.some((f) => f.size > maxBytes)) return fieldFailure(field, { kind: "file_too_large", max_bytes: maxBytes });
  const accept = acceptOf(field);
  if (files.some((f) => !fileMatchesAccept(f, accept))) return fieldFailure(field, { kind: "file_type", accept: accept ?? "" });
  return undefined;
}

/**
 * Every type the server's sniffer (server/src/storage/sniff.ts) names from a file's bytes.
 * For these, an accept token is matched strictly; a type outside this list cannot be told
 * from bytes, so its token takes any binary or plain-text file with the right name.
 */
export const SNIFFED_TYPES = [
  "image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/heic", "image/tiff", "image/bmp", "image/svg+xml",
  "audio/mpeg", "audio/aac", "audio/mp4", "audio/wav", "audio/flac", "audio/ogg", "audio/webm", "audio/x-matroska",
  "video/mp4", "video/quicktime", "video/3gpp", "video/webm", "video/x-matroska", "video/ogg", "video/x-msvideo",
  "application/pdf", "application/zip", "application/gzip", "application/epub+zip",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "text/html", "application/xhtml+xml", "application/xml", "text/plain", "application/octet-stream",
] as const;

/** Types that run script or markup in a browser: never accepted through a name alone. */
const ACTIVE_TYPES = new Set(["text/html", "application/xhtml+xml", "application/xml", "image/svg+xml"]);

/** Other names of sniffed types (`image/jpg`, `audio/mp3`, `text/csv` is plain text to a sniffer). */
const TYPE_ALIASES: Record<string, readonly string[]> = {
  "image/jpg": ["image/jpeg"], "image/pjpeg": ["image/jpeg"], "image/heif": ["image/heic"],
  "audio/mp3": ["audio/mpeg"], "audio/x-wav": ["audio/wav"], "audio/wave": ["audio/wav"], "audio/x-flac": ["audio/flac"],
  "audio/x-m4a": ["audio/mp4"], "audio/m4a": ["audio/mp4"], "application/x-zip-compressed": ["application/zip"],
  "text/csv": ["text/plain"], "application/json": ["text/plain"], "text/markdown": ["text/plain"], "text/xml": ["application/xml"],
};

/** The sniffed types a file extension stands for. */
const EXTENSION_TYPES: Record<string, readonly string[]> = {
  ".png": ["image/png"], ".jpg": ["image/jpeg"], ".jpeg": ["image/jpeg"], ".jfif": ["image/jpeg"], ".gif": ["image/gif"],
  ".webp": ["image/webp"], ".avif": ["image/avif"], ".heic": ["image/heic"], ".heif": ["image/heic"], ".tif": ["image/tiff"],
  ".tiff": ["image/tiff"], ".bmp": ["image/bmp"], ".svg": ["image/svg+xml"],
  ".mp3": ["audio/mpeg"], ".aac": ["audio/aac"], ".m4a": ["audio/mp4"], ".wav": ["audio/wav"], ".flac": ["audio/flac"],
  ".ogg": ["audio/ogg", "video/ogg"], ".oga": ["audio/ogg"], ".opus": ["audio/ogg"], ".ogv": ["video/ogg"], ".weba": ["audio/webm"],
  ".mp4": ["video/mp4", "audio/mp4"], ".m4v": ["video/mp4"], ".mov": ["video/quicktime"], ".3gp": ["video/3gpp"],
  ".webm": ["video/webm", "audio/webm"], ".mkv": ["video/x-matroska", "audio/x-matroska"], ".avi": ["video/x-msvideo"],
  ".pdf": ["application/pdf"], ".zip": ["application/zip"], ".gz": ["application/gzip"], ".epub": ["application/epub+zip"],
  ".docx": ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ".xlsx": ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  ".pptx": ["application/vnd.openxmlformats-officedocument.presentationml.presentation"],
  ".txt": ["text/plain"], ".csv": ["text/plain"], ".tsv": ["text/plain"], ".md": ["text/plain"], ".json": ["text/plain"],
  ".html": ["text/html"], ".htm": ["text/html"], ".xml": ["application/xml", "text/plain"],
};

const SNIFFED = new Set<string>(SNIFFED_TYPES);
/** What a file of an unknown type looks like to the sniffer: bytes it does not know, or plain text. */
const UNTELLABLE = new Set(["application/octet-stream", "text/plain"]);

/**
 * Whether a stored file fits an `accept` list, judged by its sniffed type (what its bytes
 * are), not by what the browser said: `image/*` takes only bytes that are an image, `.png`
 * only PNG bytes, `application/pdf` only a PDF. A token for a type the sniffer cannot tell
 * (`.dwg`, `application/vnd.ms-excel`) takes a file with that name (for extensions) whose
 * bytes are unknown or plain text, never HTML or SVG. An empty list accepts anything.
 *
 *   sniffedFileMatchesAccept({ name: "x.png", type: "text/html" }, "image/*")   // false
 */
export function sniffedFileMatchesAccept(file: Pick<UploadedFileFacts, "name" | "type">, accept: string | null): boolean {
  const tokens = (accept ?? "").split(",").map((t) => t.trim().toLowerCase()).filter(Boolean);
  if (tokens.length === 0) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return tokens.some((token) => {
    if (token.startsWith(".")) {
      const types = EXTENSION_TYPES[token];
      if (types) return types.includes(type);
      return name.endsWith(token) && UNTELLABLE.has(type);
    }
    if (token.endsWith("/*")) return type.startsWith(token.slice(0, -1)) && type !== "application/octet-stream";
    const types = TYPE_ALIASES[token] ?? [token];
    if (types.includes(type)) return true;
    return !types.some((t) => SNIFFED.has(t)) && UNTELLABLE.has(type) && !ACTIVE_TYPES.has(type);
  });
}
