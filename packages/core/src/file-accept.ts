/**
 * A file field's `accept` as the browser reads it (spec 1 §5): the field's list or its type's
 * default. Its own module, free of top-level work, because the public form's first load reads
 * it (file-rules.ts re-exports it beside the server's sniffed-type rules).
 */
import type { FormField } from "./form-model";

/** What the rules read of one uploaded file (spec 1 §3.8). */
export interface UploadedFileFacts {
  name: string;
  size: number;
  /** The MIME type the browser gave, `""` when unknown. */
  type: string;
}

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

