/**
 * A multipart body busboy cannot finish (a bare line feed inside a part's quoted name, the
 * part larger than one read) would hold its request forever; the read gives up with
 * MALFORMED_REQUEST instead (posted-entries.ts, endStalledParse). Found by the fuzz test.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { importForm } from "../forms/definition-import";
import { listResponses } from "../forms/responses";
import { defaultProject } from "../seed/seed";
import { BACKENDS } from "../test/backends";

describe.each(BACKENDS)("a multipart body the parser stalls on, on $name", (backend) => {
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
