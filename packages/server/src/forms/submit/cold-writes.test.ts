/**
 * The other writers of a form's answers, checked for the class of bug of first-batch.test.ts
 * (values lost when concurrent requests each load the cold definition): the first writes of a
 * fresh app, all at once, of every kind — Data API inserts (JSON), partial answers (session
 * PATCH) and submits — each keep exactly the values sent.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../../test/data-api";

const FORM = {
  title: "Cold", settings: { published: true },
  fields: [{ name: "name", type: "text", required: true }, { name: "age", type: "number" }],
  blocks: [{ type: "field", field: "name" }, { type: "field", field: "age" }],
};

describe.each(BACKENDS)("a fresh app's first concurrent writes on $name", (backend) => {
  let f: DataApiFixture;

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `cold-writes-${backend.name}`, { form: FORM });
  });
  afterAll(async () => {
    await f?.close();
  });

  it.skipIf(!backend.available)("Data API inserts, partial answers and submits each keep the values sent", async () => {
    const { app } = f;
    // Read from the database, not through the app: nothing the app caches is warm before the rush.
    const fields = Object.fromEntries((await f.database.db.selectFrom("form_field").select(["id", "name"]).where("form_id", "=", f.form_id).execute())
      .map((field) => [field.name, field.id]));
    const { rows: made } = await sql<{ id: string }>`
      insert into response_session (form_id) select ${f.form_id}::uuid from generate_series(1, 6) returning id::text`.execute(f.database.db);
    const sessions = made.map((s) => s.id);
    const insert = (n: number) => app.inject({
      method: "POST", url: `/rest/v1/${f.table}`, payload: JSON.stringify({ name: `api ${n}`, age: n }),
      headers: { authorization: `Bearer ${f.keys.editor}`, "content-type": "application/json", prefer: "return=representation" },
    });
    const partial = (n: number) => app.inject({
      method: "PATCH", url: `/v1/session/${sessions[n]}/field/${fields.name}`, payload: { value: `partial ${n}` }, headers: { accept: "application/json" },
    });
    const submit = (n: number) => app.inject({
      method: "POST", url: `/submit/${f.form_id}`, payload: new URLSearchParams({ name: `submit ${n}`, age: String(100 + n) }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    });
    const six = Array.from({ length: 6 }, (_, n) => n);
    const [inserted, partials, submitted] = await Promise.all([
      Promise.all(six.map(insert)), Promise.all(six.map(partial)), Promise.all(six.map(submit)),
    ]);

    const { rows } = await sql<{ id: string; name: string | null; age: string | null }>`
      select id::text, name, age::text from ${sql.table(`form_data.${f.table}`)}`.execute(f.database.db);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.size).toBe(12);
    six.forEach((n) => {
      expect(inserted[n]!.statusCode).toBe(201);
      expect(byId.get(inserted[n]!.json()[0].id)).toMatchObject({ name: `api ${n}`, age: String(n) });
      expect(submitted[n]!.statusCode).toBe(201);
      expect(byId.get(submitted[n]!.json().data.id)).toMatchObject({ name: `submit ${n}`, age: String(100 + n) });
      expect(partials[n]!.statusCode).toBe(200);
    });
    const saved = await f.database.db.selectFrom("response_session").select(["id", "raw"]).where("form_id", "=", f.form_id).execute();
    const raw = new Map(saved.map((s) => [s.id, s.raw as Record<string, unknown>]));
    six.forEach((n) => expect(raw.get(sessions[n]!)?.[fields.name!]).toBe(`partial ${n}`));
  });
});
