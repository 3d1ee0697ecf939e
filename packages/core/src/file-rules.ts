/**
 * The rules of a file answer (spec 1 §5, §9): how many files, how large, of which types.
 * The uploader widget and the server's submit (forms/submit/file-answers.ts) apply the same
 * rules; the server checks `accept` against the type sniffed from the bytes.
 */
import { FILE_LIMITS, maxFilesOf } from "./file-limits";
import { fieldFailure, type ParseFailure } from "./field-value";
import type { FormField } from "./form-model";

export { FILE_LIMITS, maxFilesOf };

/** What the rules read of one uploaded file (spec 1 §3.8). */
export interface UploadedFileFacts {
  name: string;
  size: number;
  /** The MIME type the browser gave, `""` when unknown. */
  type: string;
}

type FileField = Pick<FormField, "name" | "type" | "accept" | "multiple">;

const DEFAULT_ACCEPT: Partial<Record<FormField["type"], string>> = { audio: "audio/*", video: "video/*", image: "image/*" };

/** The field's `accept`, or the type's default (audio/*, video/*, image/*; any for file). */
export function acceptOf(field: Pick<FormField, "type" | "accept">): string | null {
  const own = field.accept?.trim();
  return own ? own : DEFAULT_ACCEPT[field.type] ?? null;
}

/**
 * Whether a file fits an `accept` list as a browser reads it: `image/*`, `application/pdf`
 * or `.pdf`, comma separated, case-insensitive. An empty list accepts anything.
 */
export function fileMatchesAccept(file: Pick<UploadedFileFacts, "name" | "type">, accept: string | null): boolean {
  const tokens = (accept ?? "").split(",").map((t) => t.trim().toLowerCase()).filter(Boolean);
  if (tokens.length === 0) return true;
  const mime = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return tokens.some((token) => {
    if (token.startsWith(".")) return name.endsWith(token);
    if (token.endsWith("/*")) return mime.startsWith(token.slice(0, -1));
    return mime === token;
  });
}

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
