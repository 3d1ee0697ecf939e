/**
 * Rich text, signature, canvas and `is_array` answers on both backends (issue 22, part B): a
 * definition with them imports, a native submit stores each value (rich text cleaned, the
 * drawn PNG kept as posted, the sketch as jsonb, every instance of the array in order), the
 * page without scripts' photo of a signature becomes the same PNG value, hostile values are
 * refused with a code and nothing written, and the definition exports as it was imported
 * (and imports again).
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { isSignatureImage } from "@fieldwork/core";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";
import { importForm } from "../definition-import";
import { exportForm } from "../definition-export";
import { listResponses } from "../responses";
import { defaultProject } from "../../seed/seed";
import { BACKENDS, multipart } from "../../test/backends";

const definition = {
  format: "fieldwork.form", version: 1, title: "Answer types B", settings: { published: true },
  fields: [
    { name: "story", type: "richtext", label: "Story", required: true },
    { name: "sign", type: "signature", label: "Signature", required: true },
    { name: "sketch", type: "canvas", label: "Sketch" },
    { name: "emails", type: "email", label: "Emails", is_array: true },
    { name: "scores", type: "number", label: "Scores", is_array: true },
  ],
  blocks: ["story", "sign", "sketch", "emails", "scores"].map((field) => ({ type: "field", field })),
};

/** A 2×2 PNG, as the pad's `toDataURL()` gives a drawing. */
const drawn = async () => `data:image/png;base64,${(await sharp({ create: { width: 2, height: 2, channels: 4, background: "#123456" } }).png().toBuffer()).toString("base64")}`;
const SKETCH = { layers: [{ type: "rect", name: "Sky", x: 0, y: 0, w: 10, h: 4 }], background: "#fff" };

/** A multipart body with text entries and file parts (what the page without scripts posts). */
function withFiles(entries: Record<string, string | string[]>, files: { name: string; filename: string; type: string; bytes: Buffer }[]) {
  const text = multipart(entries);
  const boundary = /boundary=(.+)$/.exec(text.headers["content-type"]!)![1]!;
  const head = text.payload.subarray(0, text.payload.length - `--${boundary}--\r\n`.length);
  const parts = files.map((f) => Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`),
    f.bytes, Buffer.from("\r\n"),
  ]));
  return { payload: Buffer.concat([head, ...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: text.headers };
}

describe.each(BACKENDS)("answer types richtext, signature, canvas, is_array on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let formId: string;
  let good: Record<string, string | string[]>;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, rateLimitFactor: 0 });
    formId = (await importForm(database.db, await defaultProject(database.db), definition)).id;
    good = {
      story: '<p onclick="x()">Hello <strong>world</strong><script>alert(1)</script></p>', sign: await drawn(),
      sketch: JSON.stringify(SKETCH), emails: ["ada@example.com", "", "grace@example.com"], scores: ["3", "1.5"],
    };
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const send = (body: { payload: Buffer; headers: Record<string, string> }) =>
    app.inject({ method: "POST", url: `/submit/${formId}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } });
  const count = async () => (await listResponses(database.db, formId)).length;

  it.skipIf(!backend.available)("imports the types and stores each value: HTML cleaned, the PNG as drawn, the sketch, each instance in order", async () => {
    const before = await count();
    const answer = await send(multipart(good));
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    const row = (await listResponses(database.db, formId)).at(-1)!;
    expect(await count()).toBe(before + 1);
    expect(row).toMatchObject({
      story: "<p>Hello <strong>world</strong></p>", sign: good.sign, sketch: SKETCH,
      emails: ["ada@example.com", "grace@example.com"], scores: [3, 1.5],
    });
  });

  it.skipIf(!backend.available)("stores a photo of a signature (page without scripts) as the pad's PNG, in place of any text posted with it", async () => {
    const photo = await sharp({ create: { width: 1800, height: 600, channels: 3, background: "#fafaf5" } }).jpeg().toBuffer();
    const { sign: _drawnSign, ...rest } = good;
    const answer = await send(withFiles(rest, [{ name: "sign", filename: "me.jpg", type: "image/jpeg", bytes: photo }]));
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    const stored = String((await listResponses(database.db, formId)).at(-1)!.sign);
    expect(isSignatureImage(stored)).toBe(true);
    const meta = await sharp(Buffer.from(stored.split(",")[1]!, "base64")).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1080, 360]);

    // The page a refused post came back with keeps the earlier picture in a hidden input: a new one replaces it.
    const both = await send(withFiles(good, [{ name: "sign", filename: "me.jpg", type: "image/jpeg", bytes: photo }]));
    expect(both.statusCode, both.body).toBeLessThan(300);
    expect((await listResponses(database.db, formId)).at(-1)!.sign).toBe(stored);
  });

  it.skipIf(!backend.available)("a refused native post keeps the photo's signature on the page it answers with, and posting that page stores it", async () => {
    const photo = await sharp({ create: { width: 900, height: 300, channels: 3, background: "#ffffff" } }).png().toBuffer();
    const { sign: _drawnSign, ...rest } = good;
    const body = withFiles({ ...rest, story: "" }, [{ name: "sign", filename: "me.png", type: "image/png", bytes: photo }]);
    const refused = await app.inject({ method: "POST", url: `/submit/${formId}`, payload: body.payload, headers: { ...body.headers, accept: "text/html" } });
    expect(refused.statusCode).toBe(400);
    const kept = /<input type="hidden" name="sign" value="(data:image\/png;base64,[A-Za-z0-9+/=]+)"/.exec(refused.body)?.[1];
    expect(kept && isSignatureImage(kept)).toBe(true);
    expect(refused.body).toContain(`<img src="${kept}"`);
    // The file input is no longer required: the kept picture answers the field.
    expect(refused.body).not.toMatch(/<input[^>]*type="file"[^>]*name="sign"[^>]*required/);
    const before = await count();
    const again = await send(multipart({ ...rest, sign: kept! }));
    expect(again.statusCode, again.body).toBeLessThan(300);
    expect(await count()).toBe(before + 1);
    expect((await listResponses(database.db, formId)).at(-1)!.sign).toBe(kept);
  });

  it.skipIf(!backend.available)("refuses a picture that is none, whatever it is called, and a file part on a field that takes no files", async () => {
    const { sign: _drawnSign, ...rest } = good;
    const before = await count();
    for (const bytes of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), Buffer.alloc(0)]) {
      const answer = await send(withFiles(rest, [{ name: "sign", filename: "sig.png", type: "image/png", bytes }]));
      expect(answer.statusCode, answer.body).toBe(400);
      // An empty file too: what was chosen is not a picture (no file chosen posts no part at all).
      expect(answer.json().error.field_errors).toEqual([{ field: "sign", code: "INVALID_FIELD_VALUE", message: "Choose a file of type PNG, JPEG, WebP." }]);
    }
    const story = await send(withFiles(good, [{ name: "story", filename: "s.png", type: "image/png", bytes: Buffer.from("x") }]));
    expect(story.statusCode).toBe(400);
    expect(story.json().error.code).toBe("INVALID_FIELD_VALUE");
    expect(await count()).toBe(before);
  });

  it.skipIf(!backend.available)("refuses a forged signature, a sketch that is not one and a bad instance, each with its code, nothing written", async () => {
    const before = await count();
    const answer = await send(multipart({
      ...good, sign: "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=", sketch: '{"layers": {"a": 1}}', emails: ["ada@example.com", "not an email"], scores: ["3", "x"],
    }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.field_errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([
      ["sign", "INVALID_FIELD_VALUE"], ["sketch", "INVALID_FIELD_VALUE"], ["emails", "INVALID_FIELD_VALUE"], ["scores", "INVALID_FIELD_VALUE"],
    ]);
    const many = await send(multipart({ ...good, emails: Array.from({ length: 21 }, (_, i) => `a${i}@example.com`) }));
    expect(many.statusCode).toBe(400);
    expect(many.json().error.field_errors[0]).toMatchObject({ field: "emails", message: "Add at most 20 items." });
    const empty = await send(multipart({ ...good, story: "<p><script>x</script></p>" }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.field_errors[0]).toMatchObject({ field: "story", code: "REQUIRED_FIELD_MISSING" });
    expect(await count()).toBe(before);
  });

  it.skipIf(!backend.available)("exports the types and array flags as imported, and the export imports again", async () => {
    const exported = await exportForm(database.db, formId);
    const shape = (fields: typeof exported.fields) => fields.map((f) => [f.name, f.type, f.is_array ?? false]);
    expect(shape(exported.fields)).toEqual([
      ["story", "richtext", false], ["sign", "signature", false], ["sketch", "canvas", false], ["emails", "email", true], ["scores", "number", true],
    ]);
    const again = await importForm(database.db, await defaultProject(database.db), { ...exported, title: "Answer types B again" });
    expect(shape((await exportForm(database.db, again.id)).fields)).toEqual(shape(exported.fields));
  });
});
