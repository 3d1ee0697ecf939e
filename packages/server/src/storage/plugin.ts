/**
 * The storage of an app: `app.storage` (the checked driver) and `app.signStorageUrl` (signed
 * with the app's secret). Without a driver in the options (tests), files go to a fresh
 * temporary folder removed when the app closes.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { storageFromConfig, type StorageDriver } from "./driver";
import { storageObjectRoutes, type ObjectRouteOptions } from "./object-routes";
import { publicBucketRoutes } from "./public-bucket-routes";
import { signStorageUrl, type StorageUrlRequest } from "./signed-url";

declare module "fastify" {
  interface FastifyInstance {
    /** Where files live (storage/driver.ts); every key is checked before the driver sees it. */
    storage: StorageDriver;
    /** A relative signed URL for one object and one operation (storage/signed-url.ts). */
    signStorageUrl: (request: StorageUrlRequest) => string;
  }
}

export interface StorageOptions {
  driver: StorageDriver | undefined;
  secret: string;
  /** How long one signed upload may take (object-routes.ts UPLOAD_DEADLINE_MS by default). */
  uploadDeadlineMs?: number | undefined;
  /** What a signed PUT's landed bytes mean to the records (object-routes.ts). */
  onStored?: ObjectRouteOptions["onStored"];
}

/** Decorates the app; call before any route. */
export async function useStorage(app: FastifyInstance, options: StorageOptions) {
  let driver = options.driver;
  if (!driver) {
    const dataDir = await mkdtemp(join(tmpdir(), "fieldwork-storage-"));
    driver = storageFromConfig({ dataDir });
    app.addHook("onClose", async () => rm(dataDir, { recursive: true, force: true }));
  }
  app.decorate("storage", driver);
  app.decorate("signStorageUrl", (request: StorageUrlRequest) => signStorageUrl(options.secret, request));
}

/** The object routes (`/v1/storage/object/*`), in their own scope: they read raw bodies; and public buckets' objects (`/v1/storage/public/*`). */
export async function storageRoutes(app: FastifyInstance, options: StorageOptions) {
  await app.register(storageObjectRoutes, {
    secret: options.secret, onStored: options.onStored, ...(options.uploadDeadlineMs ? { uploadDeadlineMs: options.uploadDeadlineMs } : {}),
  });
  await app.register(publicBucketRoutes);
}
