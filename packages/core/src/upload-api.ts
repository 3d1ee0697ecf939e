/**
 * The public upload calls of a file field (spec 1 §7 "Upload calls"): the request url hands
 * out a signed upload for one file, the resolve url turns a stored path into a URL the page
 * can show. Both are per session and field; the uploader widget builds them from here.
 */
import { z } from "zod";
import { LIMITS } from "./limits";

const Id = z.string().max(LIMITS.short_text_length);

/** `/v1/session/{session_id}/field/{field_id}/upload-url` (PUT). */
export const uploadRequestPath = (sessionId: string, fieldId: string): string =>
  `/v1/session/${encodeURIComponent(sessionId)}/field/${encodeURIComponent(fieldId)}/upload-url`;

/** `…/upload-url/resolve?path=` (GET). */
export const uploadResolvePath = (sessionId: string, fieldId: string, path: string): string =>
  `${uploadRequestPath(sessionId, fieldId)}/resolve?${new URLSearchParams({ path }).toString()}`;

export const UploadUrlParams = z.object({ session_id: Id, field_id: Id });

/** `{file: {name, size}}` (spec 1 §7). */
export const UploadUrlBody = z.object({
  file: z.object({
    name: z.string().min(1).max(1024),
    size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  }),
});

export const UploadUrlAnswer = z.object({
  data: z.object({ signedUrl: z.string(), path: z.string(), token: z.string() }),
  error: z.null(),
});

export const ResolveQuery = z.object({ path: z.string().max(2048).optional() });

export const ResolveAnswer = z.object({ data: z.object({ publicUrl: z.string() }), error: z.null() });

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
