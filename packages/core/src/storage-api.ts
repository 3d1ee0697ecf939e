/**
 * The object routes' schemas (issue 21): `PUT` and `GET /v1/storage/object/{key}?token=…`.
 * Signed URLs are made by the server (storage/signed-url.ts); clients only follow them.
 */
import { z } from "zod";

/** The wildcard of `/v1/storage/object/*`: the key, decoded once. */
export const StorageObjectParams = z.object({ "*": z.string().max(4096) });

const one = z.string().max(4096).optional();

export const StorageObjectQuery = z.object({
  token: one,
  width: one, height: one, resize: one, quality: one, format: one,
  /** `true`: served as an attachment (a download) whatever its type. */
  download: z.enum(["true", "false", "1", "0", ""]).optional(),
  /** A PUT's file name as the uploader chose it (a replace renames the answer's file; display only). */
  name: one,
});

/** What a signed PUT stored: `path` (and `fullPath`, spec 1 §7) is the key; `type` the sniffed type. */
export const StoredFile = z.object({
  path: z.string(),
  fullPath: z.string(),
  size: z.number().int().nonnegative(),
  type: z.string(),
  /** Seconds, for audio and video whose container says it. */
  duration: z.number().nonnegative().optional(),
});
export type StoredFile = z.infer<typeof StoredFile>;

export const StoragePutAnswer = z.object({ data: StoredFile, error: z.null() });
