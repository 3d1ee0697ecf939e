/**
 * The public upload calls of a file field (spec 1 §7 "Upload calls"): the request url hands
 * out a signed upload for one file, the resolve url turns a stored path into a URL the page
 * can show. Both are per session and field (paths and messages: upload-paths.ts).
 */
import { z } from "zod";
import { LIMITS } from "./limits";

const Id = z.string().max(LIMITS.short_text_length);

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
