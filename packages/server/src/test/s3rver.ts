/**
 * A local S3-compatible server for tests and benchmarks (`s3rver`, files in a temporary
 * folder, a free port), with one empty bucket, and the STORAGE_URL that reaches it.
 *
 *   const s3 = await startS3rver();   // s3.storageUrl: "s3://S3RVER:S3RVER@fieldwork?endpoint=http://127.0.0.1:40123"
 *   await s3.close();
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The default credentials s3rver checks signatures with. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  storageUrl(bucket?: string): string;
  /** Makes another empty bucket (one per test keeps tests apart). */
  createBucket(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function startS3rver(bucket = "fieldwork"): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), "storage-s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint, bucket, credentials,
    storageUrl: (name = bucket) => `s3://S3RVER:S3RVER@${name}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    async createBucket(name) {
      await server.store.putBucket(name);
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
