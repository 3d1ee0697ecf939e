/**
 * One upload, whatever carried it (a signed PUT's body, a file part of a multipart submit):
 * sniff the first bytes, check them against `accept` (STORAGE_TYPE_NOT_ACCEPTED), stream the
 * rest into storage under `maxBytes` (STORAGE_OBJECT_TOO_LARGE), read audio and video
 * durations. Answers the metadata an answer keeps (spec 1 §3.8: `type` is the sniffed type).
 *
 *   const file = await storeUpload(app.storage, key, part.file, { maxBytes: FILE_LIMITS.multipart_bytes, accept: acceptOf(field), signal });
 *   // { path, fullPath, size, type: "image/png", duration? }
 */
import { basename } from "node:path";
import { FieldworkError, sniffedFileMatchesAccept, type StoredFile } from "@fieldwork/core";
import { sniffHead } from "./byte-limit";
import type { StorageDriver } from "./driver";
import { mediaDurationOf } from "./duration";

export interface UploadLimits {
  maxBytes: number;
  /** An accept list (`image/*,.pdf`); null or empty takes any type. */
  accept: string | null;
  /** The body's declared length (a PUT's Content-Length), when there is one. */
  size?: number;
  signal?: AbortSignal;
}

export async function storeUpload(storage: StorageDriver, key: string, body: NodeJS.ReadableStream, limits: UploadLimits): Promise<StoredFile> {
  const sniffed = await untilAborted(sniffHead(body), limits.signal);
  if (sniffed.head.length === 0) throw new FieldworkError("STORAGE_NO_FILE");
  if (!sniffedFileMatchesAccept({ name: basename(key), type: sniffed.type }, limits.accept)) {
    sniffed.body.destroy();
    throw new FieldworkError("STORAGE_TYPE_NOT_ACCEPTED", `This file is ${sniffed.type}; this upload takes ${limits.accept}.`);
  }
  const stored = await storage.put(key, sniffed.body, {
    contentType: sniffed.type, maxBytes: limits.maxBytes, ...(limits.size !== undefined ? { size: limits.size } : {}), ...(limits.signal ? { signal: limits.signal } : {}),
  });
  const duration = await mediaDurationOf(storage, stored);
  return { path: key, fullPath: key, size: stored.size, type: stored.contentType, ...(duration !== undefined ? { duration } : {}) };
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
