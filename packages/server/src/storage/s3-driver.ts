/**
 * Files in an S3-compatible bucket (`STORAGE_URL=s3://bucket?endpoint=…`). The AWS SDK is
 * imported on first use, so a server on disk storage never loads it (idle RSS, issue 20).
 * A put of known size (a signed PUT's Content-Length) streams in one PutObject; any other goes
 * through `@aws-sdk/lib-storage`'s Upload (one PutObject up to 5 MB, multipart past it, bounded
 * memory: two 5 MB parts in flight, UNSIZED_PUTS_AT_ONCE such uploads at once); past maxBytes, an abort or a failing body, the upload is
 * aborted and nothing is left. The sniffed type of the first bytes is the object's ContentType.
 */
import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3Sdk from "@aws-sdk/client-s3";
import { FieldworkError } from "@fieldwork/core";
import { ByteLimit, sniffHead } from "./byte-limit";
import type { ByteRange, PutOptions, StorageDriver, StoredObject } from "./driver";
import { Gate } from "./gate";
import type { S3Location } from "./s3-url";

type Sdk = typeof S3Sdk;
type PutParams = { Bucket: string; Key: string; Body: PassThrough; ContentType: string };
/** An upload under way: its end, and how to stop it. */
interface Sending { done: Promise<unknown>; abort(): Promise<void> }

const PART_BYTES = 5 * 1024 * 1024;
/** Buffered between the byte cap and the SDK's request (the default 16 KB pauses the source every chunk). */
const STREAM_HWM = 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/**
 * Puts of unknown size (multipart submits' file parts) sent at once; the others wait unread in
 * their sockets. Each holds up to a part in memory (lib-storage's parts are ≥ 5 MB): 50 submits
 * at once held +170–250 MB without a limit; with 8, +10–40 MB after the signed half and
 * +145 MB from a cold server (bench:upload), and 8 was faster than 4 (6.5 s vs 8.4–12.6 s).
 */
export const UNSIZED_PUTS_AT_ONCE = 8;
/** HEADs at once when a listing needs each object's type. */
const HEADS_AT_ONCE = 16;
const DELETE_BATCH = 1000;
/** The characters decodeURI leaves percent-encoded (`/` separates segments, never encoded). */
const RESERVED_IN_DECODE_URI = /[$,+#;&=@:?]/;

export class S3Driver implements StorageDriver {
  readonly kind = "s3" as const;
  private readonly unsized = new Gate(UNSIZED_PUTS_AT_ONCE);
  private loaded: Promise<{ sdk: Sdk; client: S3Sdk.S3Client }> | undefined;

  constructor(readonly location: S3Location) {}

  private load() {
    this.loaded ??= (async () => {
      const sdk = await import("@aws-sdk/client-s3");
      const { endpoint, region, forcePathStyle, credentials } = this.location;
      const client = new sdk.S3Client({
        region, forcePathStyle, ...(endpoint ? { endpoint } : {}), ...(credentials ? { credentials } : {}),
        // Stores other than AWS (MinIO, s3rver, R2…) do not all take the newer default checksums.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      });
      return { sdk, client };
    })();
    return this.loaded;
  }

  private objectKey(key: string) {
    return this.location.prefix + key;
  }

  async put(key: string, body: NodeJS.ReadableStream, options: PutOptions): Promise<StoredObject> {
    const { client } = await this.load();
    options.signal?.throwIfAborted();
    // Nothing more of the body is read before a slot is free: it waits in its socket, not in
    // memory. A body that fails meanwhile (the client went away) gives its place up.
    const release = options.size === undefined ? await this.enterUnsized(body, options.signal) : undefined;
    try {
      return await this.putWith(client, key, body, options);
    } finally {
      release?.();
    }
  }

  private async enterUnsized(body: NodeJS.ReadableStream, signal: AbortSignal | undefined): Promise<() => void> {
    const failed = new AbortController();
    const onError = (error: Error) => failed.abort(error);
    body.once("error", onError);
    try {
      return await this.unsized.enter(signal ? AbortSignal.any([signal, failed.signal]) : failed.signal);
    } finally {
      body.off("error", onError);
    }
  }

  private async putWith(client: S3Sdk.S3Client, key: string, body: NodeJS.ReadableStream, options: PutOptions): Promise<StoredObject> {
    const sniffed = await sniffHead(body);
    const limit = new ByteLimit(options.maxBytes);
    const pass = new PassThrough({ highWaterMark: STREAM_HWM });
    const params = { Bucket: this.location.bucket, Key: this.objectKey(key), Body: pass, ContentType: sniffed.type };
    const feeding = pipeline(sniffed.body, limit, pass, ...(options.signal ? [{ signal: options.signal }] : []));
    const uploading = options.size !== undefined ? this.putOnce(client, key, params, options.size) : this.putInParts(client, params);
    uploading.done.catch(() => undefined); // awaited below; a failing body may reject it first
    try {
      await feeding;
    } catch (error) {
      await uploading.abort().catch(() => undefined);
      await uploading.done.catch(() => undefined);
      throw error;
    }
    await uploading.done;
    return { key, size: limit.bytes, contentType: sniffed.type, lastModified: new Date() };
  }

  /**
   * A body of known length: one streamed PutObject (no part kept in memory, one write in the
   * store). S3 never keeps a PUT cut short; a store that does (s3rver) is cleaned after an
   * abort: an object there of another size, written since this put began, is the cut body.
   */
  private putOnce(client: S3Sdk.S3Client, key: string, params: PutParams, size: number): Sending {
    const aborter = new AbortController();
    const startedAt = Date.now();
    const done = this.load().then(({ sdk }) => client.send(new sdk.PutObjectCommand({ ...params, ContentLength: size }), { abortSignal: aborter.signal }));
    return {
      done,
      abort: async () => {
        aborter.abort();
        await done.catch(() => undefined);
        const left = await this.head(key);
        if (left && left.size !== size && left.lastModified.getTime() >= startedAt - 1_000) await this.delete([key]);
      },
    };
  }

  /** A body of unknown length: lib-storage's Upload (one PutObject up to PART_BYTES, else a multipart upload). */
  private putInParts(client: S3Sdk.S3Client, params: PutParams): Sending {
    const started = import("@aws-sdk/lib-storage").then(({ Upload }) => new Upload({ client, queueSize: PARTS_IN_FLIGHT, partSize: PART_BYTES, leavePartsOnError: false, params }));
    return {
      done: started.then((upload) => upload.done()),
      abort: () => started.then((upload) => upload.abort()),
    };
  }

  async get(key: string, options?: { signal?: AbortSignal; range?: ByteRange }) {
    const { sdk, client } = await this.load();
    const range = options?.range;
    try {
      const answer = await client.send(new sdk.GetObjectCommand({
        Bucket: this.location.bucket, Key: this.objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }), options?.signal ? { abortSignal: options.signal } : {});
      const size = range ? Number(/\/(\d+)$/.exec(answer.ContentRange ?? "")?.[1] ?? answer.ContentLength) : Number(answer.ContentLength);
      const object: StoredObject = { key, size, contentType: answer.ContentType ?? "application/octet-stream", lastModified: answer.LastModified ?? new Date(0) };
      return { body: answer.Body as NodeJS.ReadableStream, object };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    const { sdk, client } = await this.load();
    try {
      const answer = await client.send(new sdk.HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
      return { key, size: Number(answer.ContentLength ?? 0), contentType: answer.ContentType ?? "application/octet-stream", lastModified: answer.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async move(from: string, to: string): Promise<void> {
    const { sdk, client } = await this.load();
    const { bucket } = this.location;
    // CopySource is the source's key percent-encoded per segment, as S3 (and MinIO, R2…) decode it.
    const source = `${bucket}/${this.objectKey(from).split("/").map(encodeURIComponent).join("/")}`;
    try {
      await client.send(new sdk.CopyObjectCommand({ Bucket: bucket, Key: this.objectKey(to), CopySource: source, MetadataDirective: "COPY" }));
    } catch (error) {
      if (!isMissing(error)) throw error;
      // Stores that decode CopySource with decodeURI (s3rver) keep `%24` for `$` and so on:
      // they miss a source whose key has one of `$ , + # ; & = @ : ?`. Copy its bytes instead.
      if (!RESERVED_IN_DECODE_URI.test(from) || !(await this.copyThroughStream(from, to))) throw new FieldworkError("STORAGE_OBJECT_NOT_FOUND");
    }
    await this.delete([from]);
  }

  /** Copies `from` to `to` by reading and writing its bytes (false when `from` is missing). */
  private async copyThroughStream(from: string, to: string): Promise<boolean> {
    const got = await this.get(from);
    if (!got) return false;
    await this.put(to, got.body, { contentType: got.object.contentType, maxBytes: got.object.size });
    return true;
  }

  async delete(keys: readonly string[]): Promise<void> {
    const { sdk, client } = await this.load();
    for (let at = 0; at < keys.length; at += DELETE_BATCH) {
      const batch = keys.slice(at, at + DELETE_BATCH);
      const answer = await client.send(new sdk.DeleteObjectsCommand({
        Bucket: this.location.bucket, Delete: { Quiet: true, Objects: batch.map((key) => ({ Key: this.objectKey(key) })) },
      }));
      const failed = (answer.Errors ?? []).filter((e) => e.Code !== "NoSuchKey");
      if (failed.length > 0) throw new Error(`S3 refused to delete ${failed.length} object(s): ${failed[0]!.Code ?? ""} ${failed[0]!.Message ?? ""}`);
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const { sdk, client } = await this.load();
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({
        Bucket: this.location.bucket, Prefix: this.objectKey(prefix), ...(token ? { ContinuationToken: token } : {}),
      }));
      const keys = (page.Contents ?? []).map((c) => c.Key!.slice(this.location.prefix.length)).filter((key) => prefix.startsWith(".") || !key.startsWith("."));
      // A listing carries no types: HEAD each object, a few at once.
      for (let at = 0; at < keys.length; at += HEADS_AT_ONCE) {
        const objects = await Promise.all(keys.slice(at, at + HEADS_AT_ONCE).map((key) => this.head(key)));
        for (const object of objects) if (object) yield object;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  if (e.name === "NoSuchBucket" || e.Code === "NoSuchBucket") return false;
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.Code === "NoSuchKey" || e.$metadata?.httpStatusCode === 404;
}
