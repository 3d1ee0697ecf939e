/**
 * A multipart body busboy cannot finish (a bare line feed inside a part's quoted name, the
 * part larger than one read) would hold its request forever; the read gives up with
 * MALFORMED_REQUEST instead (posted-entries.ts, endStalledParse). Found by the fuzz test.
 * Storage that is slow to take a file part (S3 under load, the S3 driver's queue of unsized
 * puts) pauses the request too, and is no stall: the submit goes through.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { importForm } from "../forms/definition-import";
import { listResponses } from "../forms/responses";
import { defaultProject } from "../seed/seed";
import { storageFromConfig, type StorageDriver } from "../storage/driver";
import { describeEachAtOnce } from "../test/at-once";
import { BACKENDS } from "../test/backends";

describeEachAtOnce(BACKENDS, "a multipart body the parser stalls on, on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let formId: string;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, rateLimitFactor: 0 });
    formId = (await importForm(database.db, await defaultProject(database.db), {
      title: "Stall", settings: { published: true }, fields: [{ name: "who", type: "text" }], blocks: [{ type: "field", field: "who" }],
    })).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const post = (name: string, size: number) => {
    const boundary = "fieldworkstall";
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${"x".repeat(size)}\r\n--${boundary}--\r\n`, "latin1");
    return app.inject({ method: "POST", url: `/submit/${formId}`, payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}`, accept: "application/json" } });
  };

  it.skipIf(!backend.available)("answers 400 MALFORMED_REQUEST within seconds and writes nothing; the same part, small or well named, reads", async () => {
    const stalled = await post("a\nb", 96_000);
    expect([stalled.statusCode, stalled.json().error.code]).toEqual([400, "MALFORMED_REQUEST"]);
    expect(await listResponses(database.db, formId)).toHaveLength(0);
    // busboy drops a small part with such a name; a well-named large one is an answer.
    expect((await post("a\nb", 1_000)).statusCode).toBe(201);
    expect((await post("who", 3_000)).statusCode).toBe(201);
  }, 20_000);
});

/** A driver whose puts wait `ms` before reading their body, as a busy store makes them wait. */
function slowPuts(driver: StorageDriver, ms: number): StorageDriver {
  return new Proxy(driver, {
    get(target, name) {
      if (name === "put") {
        return async (...args: Parameters<StorageDriver["put"]>) => {
          await new Promise((resolve) => setTimeout(resolve, ms));
          return target.put(...args);
        };
      }
      const value = Reflect.get(target, name) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describeEachAtOnce(BACKENDS, "a file part that storage is slow to take, on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let formId: string;
  let origin: string;
  const dataDir = mkdtempSync(join(tmpdir(), "fieldwork-slow-storage-"));

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    // Longer than two periods of the stall check (2 s): the request sits paused all that time.
    app = await buildApp({ db: database.db, rateLimitFactor: 0, storage: slowPuts(storageFromConfig({ dataDir }), 4_500) });
    formId = (await importForm(database.db, await defaultProject(database.db), {
      title: "Slow", settings: { published: true }, fields: [{ name: "who", type: "text" }, { name: "cv", type: "file" }],
      blocks: [{ type: "field", field: "who" }, { type: "field", field: "cv" }],
    })).id;
    origin = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!backend.available)("is not taken for a stall: the submit (over HTTP, 1 MB file) is stored, not refused or crashed", async () => {
    const boundary = "fieldworkslow";
    const file = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(1024 * 1024, 7)]);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="who"\r\n\r\nAda\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      file, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sent = request(`${origin}/submit/${formId}`, {
        method: "POST", headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": payload.length, accept: "application/json" },
      }, (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => { body += chunk; }).on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      sent.on("error", reject);
      sent.end(payload);
    });
    expect(answer.status, answer.body).toBe(201);
    const [row] = await listResponses(database.db, formId);
    expect(row).toMatchObject({ who: "Ada", cv: { name: "cv.pdf", size: file.length, type: "application/pdf" } });
  }, 30_000);
});
