/**
 * What a visitor's browser is sent for the public form: compressed pages and JSON, built
 * assets sent pre-compressed with immutable caching, and the page's CSS inline.
 * Compression does not depend on the database, so this runs on PGlite only.
 */
import { readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEB_DIST_DIR } from "@fieldwork/web/ssr";
import { buildApp } from "./app";
import { COMPRESSION_THRESHOLD_BYTES } from "./compression";
import type { Database } from "./db/database";
import { importForm } from "./forms/definition-import";
import { defaultProject, demoFormDefinition } from "./seed/seed";
import { BACKENDS } from "./test/backends";

const pglite = BACKENDS.find((b) => b.name === "pglite")!;
const varies = (headers: Record<string, unknown>) => String(headers.vary ?? "").toLowerCase().split(/,\s*/).includes("accept-encoding");

describe("compressed answers for the public form", () => {
  let database: Database;
  let app: FastifyInstance;
  let formId: string;

  beforeAll(async () => {
    database = await pglite.open();
    app = await buildApp({ db: database.db });
    formId = (await importForm(database.db, await defaultProject(database.db), demoFormDefinition())).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: "GET", url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

  it("sends the form page as brotli to a browser that accepts it, and gzip to one that accepts only gzip", async () => {
    const br = await get(`/d/e/${formId}`, "gzip, deflate, br, zstd");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(varies(br.headers)).toBe(true);
    const page = brotliDecompressSync(br.rawPayload).toString();
    expect(page).toContain("Fieldwork launch survey");

    const gzip = await get(`/d/e/${formId}`, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(page);
    expect(gzip.rawPayload.length).toBeLessThan(page.length / 3);
  });

  it("sends the page plain to a client that asks for no encoding, still marked as varying on Accept-Encoding", async () => {
    const plain = await get(`/d/e/${formId}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toMatch(/^<!doctype html>/);
    expect(varies(plain.headers)).toBe(true);
  });

  it("compresses the JSON of the public API, and leaves answers under the threshold alone", async () => {
    const preload = await get(`/v1/${formId}`, "br");
    expect(preload.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(preload.rawPayload).toString()).data.form_id).toBe(formId);

    const health = await get("/healthz", "br");
    expect(health.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(health.json()).toEqual({ ok: true });
  });

  it("reads request bodies as sent: a gzip-encoded submit is not inflated into an answer", async () => {
    const answer = new URLSearchParams({
      full_name: "Ada Lovelace", email: "ada@example.com", role: "engineer", plan: "team", accept_terms: "on",
    }).toString();
    const plainSubmit = await app.inject({
      method: "POST", url: `/submit/${formId}`, payload: answer,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    });
    expect(plainSubmit.statusCode).toBe(201);
    const gzipped = await app.inject({
      method: "POST", url: `/submit/${formId}`, payload: gzipSync(answer),
      headers: { "content-type": "application/x-www-form-urlencoded", "content-encoding": "gzip", accept: "application/json" },
    });
    expect(gzipped.statusCode).not.toBe(201);
  });

  it("inlines the form's CSS and puts the scripts after the form, with no font preload", async () => {
    const page = (await get(`/d/e/${formId}`)).body;
    const head = page.slice(0, page.indexOf("</head>"));
    expect(head).not.toContain('rel="stylesheet"');
    expect(head).not.toContain('rel="preload"');
    expect(head).not.toContain("modulepreload");
    const inline = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? "";
    expect(inline.length).toBeGreaterThan(10_000);
    expect(inline).toContain("--fw-page");
    expect(inline).toContain("Inter Fallback");
    const firstInput = page.indexOf("<input");
    expect(firstInput).toBeGreaterThan(0);
    expect(page.indexOf('<script type="module"')).toBeGreaterThan(firstInput);
    expect(page.indexOf('rel="modulepreload"')).toBeGreaterThan(firstInput);
  });

  it("sends built scripts pre-compressed from the build, with immutable caching", async () => {
    const page = (await get(`/d/e/${formId}`)).body;
    const src = /<script type="module" src="([^"]+)"/.exec(page)?.[1];
    expect(src).toMatch(/^\/assets\/entry-.+\.js$/);
    const file = `${WEB_DIST_DIR}${src!.slice(1)}`;

    const br = await get(src!, "gzip, deflate, br");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(varies(br.headers)).toBe(true);
    expect(br.rawPayload.equals(readFileSync(`${file}.br`))).toBe(true);

    const gzip = await get(src!, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.rawPayload.equals(readFileSync(`${file}.gz`))).toBe(true);

    const plain = await get(src!);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(readFileSync(file))).toBe(true);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends fonts as they are: woff2 is compressed already", async () => {
    const css = /<style>([\s\S]*?)<\/style>/.exec((await get(`/d/e/${formId}`)).body)?.[1] ?? "";
    const font = /url\((\/assets\/inter-latin-wght-normal-[^)]+\.woff2)\)/.exec(css)?.[1];
    expect(font).toBeDefined();
    const answer = await get(font!, "br, gzip");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});
