import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3rver, type LocalS3 } from "../test/s3rver";
import { storageFromConfig } from "./driver";
import { storageDriverSuite } from "./driver-suite";
import { S3Driver, UNSIZED_PUTS_AT_ONCE } from "./s3-driver";
import { s3LocationOf } from "./s3-url";

let s3: LocalS3;
let buckets = 0;
beforeAll(async () => { s3 = await startS3rver(); });
afterAll(async () => s3?.close());

async function freshDriver(prefix = "") {
  const bucket = `suite-${++buckets}`;
  await s3.createBucket(bucket);
  const driver = new S3Driver(s3LocationOf(`${s3.storageUrl(bucket).replace("?", prefix ? `/${prefix}?` : "?")}`));
  // Every object in the bucket, under the prefix or not. (s3rver does not implement
  // AbortMultipartUpload, so the parts of an aborted multipart upload stay in its folder;
  // S3 itself drops them on abort.)
  const raw = new S3Driver(s3LocationOf(s3.storageUrl(bucket)));
  const everything = async () => {
    const keys: string[] = [];
    for await (const object of raw.list("")) keys.push(object.key);
    return keys.map((key) => (prefix && key.startsWith(`${prefix}/`) ? key.slice(prefix.length + 1) : key)).sort();
  };
  return { driver, everything };
}

describe("S3 storage driver (against s3rver)", () => {
  storageDriverSuite(() => freshDriver());

  describe("under a prefix", () => {
    storageDriverSuite(() => freshDriver("tenant/files"));
  });

  it("sends at most UNSIZED_PUTS_AT_ONCE puts of unknown size at once: the next waits with its body unread, one whose body fails meanwhile gives its place up", async () => {
    const { driver, everything } = await freshDriver();
    const pdf = () => {
      const body = new PassThrough();
      body.write("%PDF-1.7\n");
      return body;
    };
    const put = (key: string, body: PassThrough) => driver.put(key, body, { contentType: "application/pdf", maxBytes: 1_000 });
    const held = Array.from({ length: UNSIZED_PUTS_AT_ONCE }, pdf);
    const holding = held.map((body, i) => put(`q/held-${i}.pdf`, body));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const waiting = pdf();
    const next = put("q/next.pdf", waiting);
    const failing = pdf();
    const failed = put("q/failed.pdf", failing);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(held.every((body) => body.readableFlowing === true)).toBe(true);
    expect(waiting.readableFlowing).toBeNull();
    failing.destroy(new Error("the client went away"));
    await expect(failed).rejects.toThrow("the client went away");
    expect(waiting.readableFlowing).toBeNull();
    // One held put ends: the waiting one takes its place and is read.
    held[0]!.end("first");
    await holding[0];
    waiting.end("next");
    await expect(next).resolves.toMatchObject({ key: "q/next.pdf", size: 13 });
    held.slice(1).forEach((body) => body.end());
    await Promise.all(holding);
    expect(await everything()).toEqual([...held.map((_, i) => `q/held-${i}.pdf`), "q/next.pdf"].sort());
  });

  it("storageFromConfig reads s3:// URLs", () => {
    expect(storageFromConfig({ dataDir: "/nowhere", storageUrl: s3.storageUrl() }).kind).toBe("s3");
  });
});

describe("STORAGE_URL for S3", () => {
  it("reads bucket, prefix, endpoint, region, path style and credentials (URL over environment)", () => {
    const env = { AWS_ACCESS_KEY_ID: "envkey", AWS_SECRET_ACCESS_KEY: "envsecret", AWS_REGION: "eu-west-3" };
    expect(s3LocationOf("s3://files/a/b?endpoint=http%3A%2F%2F127.0.0.1%3A9000", env)).toEqual({
      bucket: "files", prefix: "a/b/", endpoint: "http://127.0.0.1:9000", region: "eu-west-3", forcePathStyle: true,
      credentials: { accessKeyId: "envkey", secretAccessKey: "envsecret" },
    });
    expect(s3LocationOf("s3://k%2Fey:s%40cret@files?region=us-east-2&forcePathStyle=false", env)).toMatchObject({
      bucket: "files", prefix: "", endpoint: undefined, region: "us-east-2", forcePathStyle: false,
      credentials: { accessKeyId: "k/ey", secretAccessKey: "s@cret" },
    });
    expect(s3LocationOf("s3://files", {}).credentials).toBeUndefined();
  });

  it("refuses a URL that is not s3:// or names no bucket", () => {
    expect(() => storageFromConfig({ dataDir: "/x", storageUrl: "ftp://files" })).toThrow(/file:\/\/ or s3:\/\//);
    expect(() => s3LocationOf("s3:///path")).toThrow(/s3:\/\/bucket/);
  });
});
