/**
 * Body deadlines by route (body-deadlines.ts): an honest slow upload outlives
 * REQUEST_TIMEOUT_MS as long as it progresses; a client dripping a byte a second is cut with
 * 408 after the grace period and one window, and nothing of it is stored; an ordinary body
 * still has REQUEST_TIMEOUT_MS.
 */
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { isUploadRequest } from "./body-deadlines";
import { importForm } from "./forms/definition-import";
import { defaultProject } from "./seed/seed";
import { signStorageUrl } from "./storage/signed-url";
import { BACKENDS } from "./test/backends";
import { useTestApp } from "./test/test-app";

const SECRET = "body-deadlines-secret-".padEnd(64, "x");
const pglite = BACKENDS.find((b) => b.name === "pglite")!;

/** Sends `head` then each chunk after `pauseMs`; resolves with what came back and when. */
function drip(port: number, head: string, chunks: Buffer[], pauseMs: number): Promise<{ answer: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(head);
      void (async () => {
        for (const chunk of chunks) {
          await new Promise((r) => setTimeout(r, pauseMs));
          if (socket.destroyed || socket.writableEnded) return;
          socket.write(chunk);
        }
      })();
    });
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", (error) => (answer ? undefined : reject(error)));
    socket.on("close", () => resolve({ answer, ms: Date.now() - started }));
  });
}

const chunkedPut = (path: string) => `PUT ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
const chunk = (bytes: Buffer) => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]);

describe("body deadlines by route", () => {
  const t = useTestApp(pglite, {
    rateLimitFactor: 0, secret: SECRET, uploadDeadlineMs: 60_000, httpTimeouts: { requestMs: 1_000, headersMs: 1_000 },
    uploadPace: { graceMs: 600, windowMs: 500, minBytesPerSecond: 20_000, maxMs: 30_000 },
  });
  const port = async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
    return (t.app.server.address() as AddressInfo).port;
  };
  const sign = (key: string) => signStorageUrl(SECRET, { key, op: "put", expiresInSeconds: 600, maxBytes: 10_000_000 });

  it("tells uploads from other requests", () => {
    expect(isUploadRequest("PUT", "/v1/storage/object/a/b.pdf?token=x", undefined)).toBe(true);
    expect(isUploadRequest("POST", "/submit/f1", "multipart/form-data; boundary=x")).toBe(true);
    expect(isUploadRequest("POST", "/submit/f1", "application/x-www-form-urlencoded")).toBe(false);
    expect(isUploadRequest("PATCH", "/v1/session/s/field/f", "application/json")).toBe(false);
    expect(isUploadRequest("GET", "/v1/storage/object/a", undefined)).toBe(false);
  });

  it("an honest slow upload (about 80 KB/s for 4 s, past REQUEST_TIMEOUT_MS) is stored whole", async () => {
    const bytes = randomBytes(320 * 1024);
    const chunks = Array.from({ length: 20 }, (_, i) => chunk(bytes.subarray(i * 16 * 1024, (i + 1) * 16 * 1024)));
    const { answer, ms } = await drip(await port(), chunkedPut(sign("slow/honest.bin")), [...chunks, Buffer.from("0\r\n\r\n")], 200);
    expect(answer, answer.slice(0, 300)).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeGreaterThan(1_000);
    const stored = await t.app.storage.get("slow/honest.bin");
    expect((await buffer(stored!.body as AsyncIterable<Buffer>)).equals(bytes)).toBe(true);
  });

  it("a hostile client sending one byte a second is answered 408 after the grace and one window, and nothing is stored", async () => {
    const bytes = Array.from({ length: 30 }, () => chunk(Buffer.from("x")));
    const { answer, ms } = await drip(await port(), chunkedPut(sign("slow/hostile.bin")), bytes, 1_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(5_000);
    await expect.poll(() => t.app.storage.head("slow/hostile.bin")).toBeNull();
    const left: string[] = [];
    for await (const object of t.app.storage.list("slow/")) left.push(object.key);
    expect(left).toEqual(["slow/honest.bin"]);
  });

  it("an honest slow multipart submit (past REQUEST_TIMEOUT_MS) is accepted with its file", async () => {
    const { id: formId } = await importForm(t.app.db, await defaultProject(t.app.db), {
      title: "Slow", settings: { published: true },
      fields: [{ name: "full_name", type: "text" }, { name: "cv", type: "file" }],
      blocks: [{ type: "field", field: "full_name" }, { type: "field", field: "cv" }],
    });
    const boundary = "----fwslow";
    const file = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(240 * 1024)]);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="full_name"\r\n\r\nAda\r\n--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      file, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const head = `POST /submit/${formId} HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const chunks = Array.from({ length: Math.ceil(body.length / 16_384) }, (_, i) => body.subarray(i * 16_384, (i + 1) * 16_384));
    const { answer, ms } = await drip(await port(), head, chunks, 200);
    expect(answer, answer.slice(0, 400)).toMatch(/^HTTP\/1\.1 201/);
    expect(ms).toBeGreaterThan(1_500);
  });

  it("a multipart submit dripping a byte a second is cut the same way", async () => {
    const boundary = "----fwdrip";
    const head = `POST /submit/00000000-0000-4000-8000-000000000000 HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; name="full_name"\r\n\r\n`;
    const { answer, ms } = await drip(await port(), head, Array.from({ length: 30 }, () => Buffer.from("x")), 1_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(5_000);
  });

  it("an ordinary body that stalls is still cut at REQUEST_TIMEOUT_MS", async () => {
    const session = "00000000-0000-4000-8000-000000000000";
    const head = `PATCH /v1/session/${session}/field/${session} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"value":"`;
    const { answer, ms } = await drip(await port(), head, Array.from({ length: 10 }, () => Buffer.from("x".repeat(50))), 300);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(2_500);
  });
});
