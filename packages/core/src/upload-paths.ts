/**
 * The public upload calls' paths and the uploader's messages (spec 1 §7, §8), without zod:
 * the uploader's lazy chunk reads these and nothing else of core (upload-api.ts has the schemas).
 */

/** `/v1/session/{session_id}/field/{field_id}/upload-url` (PUT). */
export const uploadRequestPath = (sessionId: string, fieldId: string): string =>
  `/v1/session/${encodeURIComponent(sessionId)}/field/${encodeURIComponent(fieldId)}/upload-url`;

/** `…/upload-url/resolve?path=` (GET). */
export const uploadResolvePath = (sessionId: string, fieldId: string, path: string): string =>
  `${uploadRequestPath(sessionId, fieldId)}/resolve?${new URLSearchParams({ path }).toString()}`;

/** Spec 1 §8's upload messages, exactly. */
export const UPLOAD_MESSAGES = {
  signed_url_failed: "Failed to get signed url",
  upload_failed: "Failed to upload file",
  no_file: "No file provided",
  no_path: "No path provided",
  no_uploader: "Uploader function is not provided",
  not_implemented: "Not implemented",
  probably_too_big: "file error , probably too big",
} as const;
