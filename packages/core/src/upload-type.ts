/**
 * A file field's upload type (spec 1 §5): multipart (the default, and the only one that works
 * without JavaScript) or a request url (a signed upload per file, 50 MB). Its own module: the
 * public form's first load reads it, and nothing else of file-answer.ts.
 */
export type UploadType = "multipart" | "requesturl";

/** The field's upload type: `requesturl` only when the owner chose it. */
export function uploadTypeOf(field: { upload: unknown }): UploadType {
  const upload = field.upload;
  return upload && typeof upload === "object" && (upload as Record<string, unknown>).type === "requesturl" ? "requesturl" : "multipart";
}
