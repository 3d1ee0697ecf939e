/**
 * The Data API on a schema table answers like hand-written SQL (issue 24 item 2): the same
 * read cases as the form table's differential test (routes/rest/differential.test.ts), on a
 * table made through the schema API with the people form's columns and rows, through
 * postgrest-js. A query naming no order reads in the table's key order (`id` here, where a
 * form table reads by `local_index`); the search vector is a form table's own, so its cases
 * are left out.
 */
import { PostgrestClient } from "@supabase/postgrest-js";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as } from "../test/accounts";
import { BACKENDS } from "../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../test/data-api";
import { readCases, seedPeople, seedRows, type HandQuery, type ReadCase } from "../test/differential-queries";

const ROWS = seedRows();
const CASES = readCases(ROWS)
  .filter((c) => !JSON.stringify(c.sql).includes("__fw_search"))
  .map((c) => ({ ...c, sql: { ...c.sql, order: c.sql.order === "local_index asc" ? "id asc" : c.sql.order } }));

const ATTRIBUTES = [
  { name: "id", type: "uuid", primary_key: true, default: { kind: "gen_random_uuid" } },
  { name: "local_index", type: "integer", not_null: true, unique: true },
  { name: "created_at", type: "timestamptz", not_null: true, default: { kind: "now" } },
  { name: "name", type: "text", not_null: true },
  { name: "email", type: "email" },
  { name: "bio", type: "textarea" },
  { name: "age", type: "numeric" },
  { name: "born", type: "date" },
  { name: "seen_at", type: "timestamptz" },
  { name: "wakes", type: "time" },
  { name: "vip", type: "boolean" },
  { name: "plan", type: "enum", enum_values: ["free", "team", "enterprise"] },
  { name: "tags", type: "text", is_array: true },
];

describe.each(BACKENDS)("the Data API on a schema table answers like hand-written SQL on $name", (backend) => {
  let f: DataApiFixture;
  let client: PostgrestClient;
  let table: string;
  let star: string;

  const hand = async (query: HandQuery): Promise<unknown[]> => {
    const limit = query.limit === undefined ? "" : ` limit ${query.limit}`;
    const offset = query.offset ? ` offset ${query.offset}` : "";
    const { rows } = await sql<{ body: string }>`
      select coalesce(json_agg(r), '[]')::text as body
      from (select ${sql.raw(query.select ?? star)} from ${sql.id("form_data", table)}
        where ${sql.raw(query.where ?? "true")} order by ${sql.raw(query.order)}${sql.raw(limit + offset)}) r`.execute(f.database.db);
    return JSON.parse(rows[0]!.body) as unknown[];
  };
  const count = async (query: ReadCase) => {
    if (query.count === "planned") {
      const { rows } = await sql<{ "QUERY PLAN": unknown }>`explain (format json) select 1 from ${sql.id("form_data", table)} where ${sql.raw(query.sql.where ?? "true")}`.execute(f.database.db);
      const raw = rows[0]!["QUERY PLAN"];
      return Math.round(((typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[])[0]!.Plan["Plan Rows"]);
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id("form_data", table)} where ${sql.raw(query.sql.where ?? "true")}`.execute(f.database.db);
    return rows[0]!.n;
  };

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `schema-differential-${backend.name}`);
    const owner = (method: "POST", path: string, body: unknown) => as(f.app, f.owner)(method, `/private/editor${path}`, body);
    const schema = (await owner("POST", `/projects/${f.project}/documents`, { doctype: "v0_schema", title: "People" })).json().data.id as string;
    const made = await owner("POST", `/schema/${schema}/tables/new`, { name: "people", attributes: ATTRIBUTES });
    expect(made.statusCode, made.body).toBe(201);
    table = (await f.database.db.selectFrom("schema_table").select("table_name").where("id", "=", made.json().data.id).executeTakeFirstOrThrow()).table_name;
    await seedPeople(f.database.db, table, crypto.randomUUID(), ROWS);
    star = ATTRIBUTES.map((a) => `"${a.name}"`).join(", ");
    const address = await f.app.listen({ port: 0, host: "127.0.0.1" });
    client = new PostgrestClient(`${address}/rest/v1`, { headers: { apikey: f.keys.viewer, Authorization: `Bearer ${f.keys.viewer}` } });
  });
  afterAll(async () => {
    await f?.close();
  });

  it.skipIf(!backend.available).each(CASES)("$name", async (query) => {
    const answer = await query.api(client.from("people"));
    expect(answer.error).toBeNull();
    const expected = await hand(query.sql);
    if (query.empty) expect(expected).toEqual([]);
    else expect(expected.length).toBeGreaterThan(0);
    if (query.head) expect(answer.data).toBeNull();
    else if (query.single) expect(answer.data).toEqual(expected[0]);
    else expect(answer.data).toEqual(expected);
    if (query.count) expect(answer.count).toBe(await count(query));
  });
});
