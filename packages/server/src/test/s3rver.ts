/**
 * A local S3-compatible server for tests and benchmarks (`s3rver`, files in a temporary
 * folder, a free port), with one empty bucket, and the STORAGE_URL that reaches it.
 *
 *   const s3 = await startS3rver();   // s3.storageUrl: "s3://S3RVER:S3RVER@fieldwork?endpoint=http://127.0.0.1:40123"
 *   await s3.close();
 */
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import S3rver, { type S3rverStore } from "s3rver";

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
  putsWholeObjects(server.store);
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

/**
 * s3rver's filesystem store answers a PutObject (and a completed multipart upload) once it
 * has read the body, before its file is on disk (it waits for its Transform's 'finish', not
 * the file's), and writes every put into the object's own file. Under load a GET right after
 * a PUT read part of the object, and puts racing for one key mixed their bytes; S3 does
 * neither. Here each put writes a file of its own (its name ends in `.partial`, which s3rver's
 * listing skips) and renames it over the object once it is written: the last put to finish wins.
 */
function putsWholeObjects(store: S3rverStore): void {
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, "object");
    await mkdir(dirname(objectPath), { recursive: true });
    const partial = `${objectPath}.${randomUUID()}.partial`;
    const md5 = createHash("md5");
    let size = 0;
    try {
      await pipeline(
        Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            md5.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(partial),
      );
      await rename(partial, objectPath);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    const digest = md5.digest("hex");
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}
