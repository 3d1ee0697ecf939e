/**
 * The zod schemas of file answers and upload settings (file-answer.ts holds the rules the
 * public form needs without zod): the definition file checks `upload`, readers check a
 * stored file's metadata.
 */
import { z } from "zod";
import type { FileMetadata } from "./file-answer";
import type { UploadType } from "./upload-type";

export const FileMetadataSchema = z.strictObject({
  path: z.string().min(1).max(1024),
  name: z.string().min(1).max(255),
  size: z.number().int().nonnegative(),
  type: z.string().max(255),
  lastModified: z.number().int().nonnegative(),
  duration: z.number().nonnegative().optional(),
}) satisfies z.ZodType<FileMetadata>;

/** The upload types (upload-type.ts), as the schema lists them; the public form reads only the type. */
export const UPLOAD_TYPES = ["multipart", "requesturl"] as const satisfies readonly UploadType[];

export const FieldUploadConfig = z.object({ type: z.enum(UPLOAD_TYPES).default("multipart") });

/** The files of a stored answer: one object, a list (a `multiple` field), or nothing. */
export function filesOfAnswer(value: unknown): FileMetadata[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.flatMap((item) => {
    const parsed = FileMetadataSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
