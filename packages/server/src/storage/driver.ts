/**
 * Where files live (issue 21): one interface, two drivers — local disk under
 * `DATA_DIR/storage` (the default) and any S3-compatible store (`STORAGE_URL=s3://…`).
 * Keys are relative and checked by core's `assertStorageKey` before a driver sees them
 * (`checkedStorage` wraps every driver `storageFromConfig` returns).
 *
 *   const storage = storageFromConfig({ dataDir: "./.data" });
 *   await storage.put("f1/r1/cv/cv.pdf", request.raw, { contentType: "application/pdf", maxBytes: 52_428_800 });
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DiskDriver } from "./disk-driver";
import { checkedStorage } from "./checked-storage";
import { s3DriverFromUrl } from "./s3-url";

export interface StoredObject { key: string; size: number; contentType: string; lastModified: Date }

export interface StorageDriver {
  readonly kind: "disk" | "s3";
  /**
   * Streams body to key (never buffers it whole); refuses (STORAGE_OBJECT_TOO_LARGE) past maxBytes.
   * `size`, when the sender declared it (a PUT's Content-Length), lets S3 take the stream in one
   * PutObject instead of a multipart upload.
   */
  put(key: string, body: NodeJS.ReadableStream, options: PutOptions): Promise<StoredObject>;
  get(key: string, options?: { signal?: AbortSignal; range?: ByteRange }): Promise<{ body: NodeJS.ReadableStream; object: StoredObject } | null>;
  head(key: string): Promise<StoredObject | null>;
  /** Atomic where the store allows (rename on disk; copy+delete on S3). Throws STORAGE_OBJECT_NOT_FOUND when `from` is missing. */
  move(from: string, to: string): Promise<void>;
  /** Deletes the keys that exist; missing keys are no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every object whose key starts with prefix (a folder: end it with `/`), in no set order. */
  list(prefix: string): AsyncIterable<StoredObject>;
}

export interface PutOptions { contentType: string; maxBytes: number; size?: number; signal?: AbortSignal }

/** Inclusive byte offsets, as in a `Range: bytes=start-end` header. */
export interface ByteRange { start: number; end: number }

export interface StorageConfig {
  dataDir: string;
  /** STORAGE_URL: unset (or `file://…`) → disk; `s3://bucket?endpoint=…&region=…&forcePathStyle=true` → S3. */
  storageUrl?: string | undefined;
}

/** The driver the configuration names, wrapped so that no unchecked key reaches it. */
export function storageFromConfig(config: StorageConfig): StorageDriver {
  const url = config.storageUrl?.trim();
  if (!url) return checkedStorage(new DiskDriver(join(config.dataDir, "storage")));
  if (url.startsWith("file://")) return checkedStorage(new DiskDriver(fileURLToPath(url)));
  if (url.startsWith("s3://")) return checkedStorage(s3DriverFromUrl(url));
  throw new Error(`STORAGE_URL must start with file:// or s3:// (got ${JSON.stringify(url.replace(/\/\/[^@/]*@/, "//…@"))}).`);
}
