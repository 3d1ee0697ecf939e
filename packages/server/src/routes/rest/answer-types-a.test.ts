/**
 * The Data API with country, toggle-group, json and latlng columns: typed values in, the
 * same values out; a code that names no country, degrees out of range or a location with
 * extra keys are refused with INVALID_FIELD_VALUE, never a 500.
 */
import type { FastifyInstance, InjectOptions } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../../test/data-api";

const FORM = {
  title: "Trips",
  fields: [
    { name: "home", type: "country", label: "Home" },
    { name: "size", type: "toggle-group", label: "Size", options: [{ value: "S" }, { value: "M" }] },
    { name: "extra_data", type: "json", label: "Extra data" },
    { name: "spot", type: "latlng", label: "Spot" },
  ],
  blocks: [],
};

function client(app: FastifyInstance, key: string) {
  return (method: InjectOptions["method"], path: string, body?: unknown) => app.inject({
    method, url: `/rest/v1${path}`,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", prefer: "return=representation" },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

describe.each(BACKENDS)("Data API answer types on $name", (backend) => {
  let f: DataApiFixture;
  let editor: ReturnType<typeof client>;
  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `types-a-${backend.name}`, { form: FORM });
    editor = client(f.app, f.keys.editor);
  });
  afterAll(async () => f?.close());

  it.skipIf(!backend.available)("writes and reads the typed values", async () => {
    const created = await editor("POST", `/${f.table}`, { home: "jp", size: "M", extra_data: { a: [1, "x"] }, spot: { lat: 35.68, lng: 139.76 } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()[0]).toMatchObject({ home: "JP", size: "M", extra_data: { a: [1, "x"] }, spot: { lat: 35.68, lng: 139.76 } });
  });

  it.skipIf(!backend.available)("refuses what the form would refuse, with a code", async () => {
    for (const row of [{ home: "ZZ" }, { size: "XL" }, { spot: { lat: 91, lng: 0 } }, { spot: { lat: 1, lng: 2, alt: 3 } }, { spot: "north" }]) {
      const answer = await editor("POST", `/${f.table}`, row);
      expect(answer.statusCode, JSON.stringify(row)).toBe(400);
      expect(answer.json().code).toMatch(/^INVALID_(FIELD_VALUE|OPTION)$/);
    }
  });

  it.skipIf(!backend.available)("answers any JSON value in a location or country column with a 2xx or a 4xx, never a 500", async () => {
    for (const value of fc.sample(fc.jsonValue({ maxDepth: 3 }), 25)) {
      for (const column of ["spot", "home"]) {
        const answer = await editor("POST", `/${f.table}`, { [column]: value });
        expect(answer.statusCode, `${column} ${JSON.stringify(value)}`).toBeLessThan(500);
      }
    }
  });
});
