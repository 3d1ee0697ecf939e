/**
 * The Data API's acceptance test: postgrest-js against a running server, every answer
 * compared with the same query written by hand in SQL on the same table (rows, their
 * order, counts), then writes through postgrest-js checked against the table with SQL.
 */
import { PostgrestClient } from "@supabase/postgrest-js";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/schema";
import { as, type Member } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";
import { openDataApiFixture, PEOPLE_FORM, type DataApiFixture } from "../../test/data-api";
import { readCases, SEEDED_ROWS, seedPeople, seedRows, type ApiAnswer, type HandQuery, type ReadCase } from "../../test/differential-queries";

const ROWS = seedRows();
const CASES = readCases(ROWS);

const restClient = (address: string, key: string) =>
  new PostgrestClient(`${address}/rest/v1`, { headers: { apikey: key, Authorization: `Bearer ${key}` } });

/** Hand-written SQL over one table, answering as JSON the way the API does. */
class HandSql {
  constructor(private readonly db: Kysely<DB>, private readonly table: string, private readonly star: string) {}

  private get target() {
    return sql.id("form_data", this.table);
  }

  async rows(query: HandQuery): Promise<unknown[]> {
    const limit = query.limit === undefined ? "" : ` limit ${query.limit}`;
    const offset = query.offset ? ` offset ${query.offset}` : "";
    const { rows } = await sql<{ body: string }>`
      select coalesce(json_agg(r), '[]')::text as body
      from (select ${sql.raw(query.select ?? this.star)} from ${this.target}
        where ${sql.raw(query.where ?? "true")} order by ${sql.raw(query.order)}${sql.raw(limit + offset)}) r`.execute(this.db);
    return JSON.parse(rows[0]!.body) as unknown[];
  }

  async count(where = "true"): Promise<number> {
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${this.target} where ${sql.raw(where)}`.execute(this.db);
    return Number(rows[0]!.n);
  }

  async plannedCount(where = "true"): Promise<number> {
    const { rows } = await sql<{ "QUERY PLAN": unknown }>`explain (format json) select 1 from ${this.target} where ${sql.raw(where)}`.execute(this.db);
    const raw = rows[0]!["QUERY PLAN"];
    const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[];
    return Math.round(plan[0]!.Plan["Plan Rows"]);
  }

  /** Every row (all columns but the search vector) by id, as JSON text: a table's state. */
  async state(): Promise<Map<string, string>> {
    const { rows } = await sql<{ id: string; row: string }>`
      select id::text as id, (to_jsonb(t) - '__fw_search')::text as row from ${this.target} t`.execute(this.db);
    return new Map(rows.map((r) => [r.id, r.row]));
  }
}

async function expectMatches(hand: HandSql, query: ReadCase, answer: ApiAnswer): Promise<void> {
  expect(answer.error).toBeNull();
  const expected = await hand.rows(query.sql);
  if (query.empty) expect(expected).toEqual([]);
  else expect(expected.length).toBeGreaterThan(0);
  if (query.head) expect(answer.data).toBeNull();
  else if (query.single) {
    expect(expected).toHaveLength(1);
    expect(answer.data).toEqual(expected[0]);
  } else expect(answer.data).toEqual(expected);
  if (query.count) {
    const counted = query.count === "planned" ? await hand.plannedCount(query.sql.where) : await hand.count(query.sql.where);
    expect(answer.count).toBe(counted);
  }
}

describe.each(BACKENDS)("the Data API answers like hand-written SQL on $name", (backend) => {
  let fixture: DataApiFixture;
  let address: string;
  let client: PostgrestClient;
  let hand: HandSql;
  let other: { project: string; table: string };
  const people = () => client.from(fixture.table);

  beforeAll(async () => {
    if (!backend.available) return;
    fixture = await openDataApiFixture(backend, `differential-${backend.name}`);
    const { db } = fixture.database;
    await seedPeople(db, fixture.table, fixture.form_id, ROWS);
    // The hand-written SQL reads the stored search vectors, which the filler fills after a write.
    await fixture.app.searchFiller.fill(fixture.table);
    const { rows } = await sql<{ name: string }>`
      select attname as name from pg_attribute
      where attrelid = ${`form_data."${fixture.table}"`}::regclass and attnum > 0 and not attisdropped and attname <> '__fw_search'
      order by attnum`.execute(db);
    hand = new HandSql(db, fixture.table, rows.map((r) => `"${r.name}"`).join(", "));
    other = await otherProject(fixture);
    await sql`insert into customer (project_id, email, visitor_id) values
      (${fixture.project}, 'b@example.com', 'v1'), (${fixture.project}, null, 'v2'), (${fixture.project}, 'a@example.com', 'v3'),
      (${fixture.project}, 'b@example.com', 'v4'), (${other.project}, 'other@example.com', 'v1')`.execute(db);
    address = await fixture.app.listen({ port: 0, host: "127.0.0.1" });
    client = restClient(address, fixture.keys.editor);
  });
  afterAll(async () => {
    await fixture?.close();
  });

  describe(`${CASES.length} reads through postgrest-js give the rows, order and counts of the same SQL`, () => {
    it.skipIf(!backend.available).each(CASES)("$name", async (query) => {
      await expectMatches(hand, query, await query.api(people()));
    });
  });

  it.skipIf(!backend.available)("pages tile the whole ordered result without overlap, deep pages included", async () => {
    const whole = await hand.rows({ select: "id, plan, age", order: "plan asc nulls first, age desc, id desc" });
    expect(whole).toHaveLength(SEEDED_ROWS);
    const pages: unknown[] = [];
    for (let from = 0; ; from += 37) {
      const answer = await people().select("id,plan,age", { count: "exact" })
        .order("plan", { nullsFirst: true }).order("age", { ascending: false }).range(from, from + 36);
      expect(answer.error).toBeNull();
      expect(answer.count).toBe(SEEDED_ROWS);
      const page = answer.data as unknown[];
      expect(page).toEqual(whole.slice(from, from + 37));
      pages.push(...page);
      if (page.length < 37) break;
    }
    expect(pages).toEqual(whole);
    expect(new Set(pages.map((row) => (row as { id: string }).id)).size).toBe(SEEDED_ROWS);
  });

  it.skipIf(!backend.available)("one-row reads: 406 for several rows or none, maybeSingle's null for none", async () => {
    const several = await people().select("id").eq("plan", "team").single();
    expect(several).toMatchObject({ data: null, status: 406, error: { code: "NOT_SINGLE_ROW" } });
    const none = await people().select("id").eq("name", "nobody").single();
    expect(none).toMatchObject({ data: null, status: 406, error: { code: "NOT_SINGLE_ROW" } });
    const maybeNone = await people().select("id").eq("name", "nobody").maybeSingle();
    expect(maybeNone).toMatchObject({ data: null, error: null, status: 200 });
    const maybeSeveral = await people().select("id").eq("plan", "team").maybeSingle();
    expect(maybeSeveral).toMatchObject({ data: null, status: 406, error: { code: "PGRST116" } });
  });

  it.skipIf(!backend.available)("refuses bad reads with catalogue codes, never a 500", async () => {
    const refusals: [PromiseLike<ApiAnswer>, number, string][] = [
      [people().select("id").like("age", "1*"), 400, "OPERATOR_NOT_ALLOWED"],
      [people().select("id").gt("age", "old"), 400, "INVALID_FILTER_VALUE"],
      [people().select("id").eq("vip", "maybe"), 400, "INVALID_FILTER_VALUE"],
      [people().select("id").eq("vip", ""), 400, "INVALID_FILTER_VALUE"],
      [people().select("id").eq("nope", 1), 400, "COLUMN_NOT_FOUND"],
      [people().select("id,nope"), 400, "COLUMN_NOT_FOUND"],
      [people().select("id").order("nope"), 400, "COLUMN_NOT_FOUND"],
      // postgrest-js writes array elements as they are: a `"` inside one is a malformed literal.
      [people().select("id").overlaps("tags", ["green", 'quo"te']), 400, "INVALID_FILTER_VALUE"],
      [people().select("id").or("age.lt.18,and(plan.eq.team"), 400, "QUERY_INVALID"],
      [people().select("id").textSearch("__fw_search", "cat &"), 400, "INVALID_FILTER_VALUE"],
      [people().select("id").textSearch("__fw_search", "cat", { config: "klingon" }), 400, "INVALID_FILTER_VALUE"],
      [people().select("id").textSearch("bio", "cat"), 400, "TEXT_SEARCH_NOT_INDEXED"],
      [people().select("id", { count: "exact" }).range(400, 409), 416, "RANGE_NOT_SATISFIABLE"],
      [client.from("no_such_table").select("*"), 404, "NOT_FOUND"],
      [client.from(other.table).select("*"), 404, "NOT_FOUND"],
      [client.schema("nope").from(fixture.table).select("*"), 404, "NOT_FOUND"],
    ];
    for (const [request, status, code] of refusals) {
      const answer = await request;
      expect({ status: answer.status, code: answer.error?.code }).toEqual({ status, code });
    }
  });

  it.skipIf(!backend.available)("reads the fieldwork profile's customers of this project only, and never writes them", async () => {
    const customers = client.schema("fieldwork").from("customers");
    const listed = await customers.select("*", { count: "exact" }).order("email", { ascending: false, nullsFirst: true });
    const { rows } = await sql<{ body: string }>`
      select coalesce(json_agg(r), '[]')::text as body from (
        select id, uid, email, phone, visitor_id, created_at, last_seen_at from customer
        where project_id = ${fixture.project} order by email desc nulls first, id desc) r`.execute(fixture.database.db);
    expect(listed).toMatchObject({ error: null, count: 4 });
    expect(listed.data).toEqual(JSON.parse(rows[0]!.body));
    const byUid = await customers.select("visitor_id").limit(2);
    expect(byUid.data).toEqual([{ visitor_id: "v1" }, { visitor_id: "v2" }]);
    const write = await customers.insert({ email: "x@example.com" });
    expect({ status: write.status, code: write.error?.code }).toEqual({ status: 405, code: "READ_ONLY_TABLE" });
  });

  describe("writes", () => {
    const newRow = (name: string, extra: Record<string, unknown> = {}) => ({
      name, email: null, bio: "a new cat", age: 33, born: "1991-02-03", seen_at: "2024-05-06T07:08:09Z",
      wakes: "06:45", vip: true, plan: "team", tags: ["a,b", 'quo"te'], ...extra,
    });

    it.skipIf(!backend.available)("insert: one row and a bulk, with their representation, numbered after the seeded rows", async () => {
      const one = await people().insert(newRow("Inserted one")).select();
      expect(one).toMatchObject({ error: null, status: 201 });
      const [row] = one.data as { id: string; local_index: number }[];
      expect(row!.local_index).toBe(SEEDED_ROWS + 1);
      expect(one.data).toEqual(await hand.rows({ where: `id = '${row!.id}'`, order: "id" }));

      const bulk = await people().insert([newRow("Bulk 1", { tags: [] }), newRow("Bulk 2", { age: 0.5, plan: null }), newRow("Bulk 3", { tags: null })])
        .select("id, local_index, name, age, plan, tags");
      expect(bulk.error).toBeNull();
      const ids = (bulk.data as { id: string }[]).map((r) => `'${r.id}'`).join(", ");
      expect(bulk.data).toEqual(await hand.rows({ select: "id, local_index, name, age, plan, tags", where: `id in (${ids})`, order: "local_index" }));
      expect((bulk.data as { local_index: number }[]).map((r) => r.local_index)).toEqual([302, 303, 304]);
      // A list field's null is written as a form posts it: no option ticked.
      expect(await hand.rows({ select: "name, tags", where: `id in (${ids})`, order: "local_index" }))
        .toEqual([{ name: "Bulk 1", tags: [] }, { name: "Bulk 2", tags: ["a,b", 'quo"te'] }, { name: "Bulk 3", tags: [] }]);

      const minimal = await people().insert(newRow("Minimal"));
      expect(minimal).toMatchObject({ error: null, data: null, status: 201 });
      expect(await hand.count("name = 'Minimal' and local_index = 305")).toBe(1);
    });

    it.skipIf(!backend.available)("upsert on id merges an existing row and inserts a new one", async () => {
      const existing = ROWS[10]!;
      const fresh = "0b5e0c1e-9d1a-4c2b-8f3e-5a6b7c8d9e0f";
      const before = await hand.state();
      const answer = await people()
        .upsert([{ id: existing.id, name: "Merged", age: 44 }, { id: fresh, name: "Upserted", age: 45 }], { onConflict: "id" })
        .select("id, name, age, plan, local_index");
      expect(answer.error).toBeNull();
      // The rows come back in the order they were sent.
      expect(answer.data).toEqual(await hand.rows({
        select: "id, name, age, plan, local_index", where: `id in ('${existing.id}', '${fresh}')`, order: `id <> '${existing.id}'`,
      }));
      const after = await hand.state();
      expect(after.size).toBe(before.size + 1);
      // The merged row keeps every column it was not given.
      expect(JSON.parse(after.get(existing.id)!)).toEqual({ ...JSON.parse(before.get(existing.id)!), name: "Merged", age: 44 });
      // The new row has every field a form would post: absent ones empty, an unticked checkbox false.
      expect(JSON.parse(after.get(fresh)!)).toMatchObject({ name: "Upserted", age: 45, bio: null, plan: null, vip: false, tags: [] });
      for (const [id, row] of before) if (id !== existing.id) expect(after.get(id)).toBe(row);
    });

    it.skipIf(!backend.available)("update with filters changes exactly the rows the same SQL where selects", async () => {
      const where = "plan = 'team' and age < 40";
      const matched = (await hand.rows({ select: "id", where, order: "id" })).map((r) => (r as { id: string }).id);
      expect(matched.length).toBeGreaterThan(3);
      const before = await hand.state();
      const answer = await people().update({ plan: "enterprise", tags: ["red"] }).eq("plan", "team").lt("age", 40).select("id");
      expect(answer.error).toBeNull();
      expect((answer.data as { id: string }[]).map((r) => r.id).sort()).toEqual(matched);
      const after = await hand.state();
      for (const [id, row] of before) {
        const expected = matched.includes(id) ? { ...JSON.parse(row), plan: "enterprise", tags: ["red"] } : JSON.parse(row);
        expect(JSON.parse(after.get(id)!)).toEqual(expected);
      }

      const minimal = await people().update({ bio: null }).or("name.eq.\"a,b\",and(age.gt.150,vip.is.true)");
      expect(minimal).toMatchObject({ error: null, data: null, status: 204 });
      expect(await hand.count("(name = 'a,b' or (age > 150 and vip is true)) and bio is not null")).toBe(0);
    });

    it.skipIf(!backend.available)("delete with filters removes exactly the rows the same SQL where selects", async () => {
      const where = "email is null and not (tags @> '{green}')";
      const matched = (await hand.rows({ select: "id", where, order: "id" })).map((r) => (r as { id: string }).id);
      expect(matched.length).toBeGreaterThan(3);
      const before = await hand.state();
      const answer = await people().delete().is("email", null).not("tags", "cs", "{green}").select("id, name");
      expect(answer.error).toBeNull();
      expect((answer.data as { id: string }[]).map((r) => r.id).sort()).toEqual(matched);
      const after = await hand.state();
      expect([...after.keys()].sort()).toEqual([...before.keys()].filter((id) => !matched.includes(id)).sort());
      for (const [id, row] of after) expect(row).toBe(before.get(id));
    });

    it.skipIf(!backend.available)("refuses bad writes with catalogue codes and writes nothing", async () => {
      const before = await hand.state();
      const viewer = restClient(address, fixture.keys.viewer).from(fixture.table);
      const refusals: [PromiseLike<ApiAnswer>, number, string][] = [
        [people().insert(newRow("Too old", { age: 900 })), 400, "INVALID_FIELD_VALUE"],
        [people().insert({ age: 30 }), 400, "REQUIRED_FIELD_MISSING"],
        [people().insert([newRow("Fine"), newRow("", { name: null })]), 400, "REQUIRED_FIELD_MISSING"],
        [people().insert({ name: "x", nope: 1 }), 400, "COLUMN_NOT_FOUND"],
        [people().insert({ name: "x", local_index: 9 }), 400, "COLUMN_READ_ONLY"],
        [people().insert({ name: "x", plan: "gold" }), 400, "INVALID_OPTION"],
        [people().update({ age: -1 }).eq("plan", "free"), 400, "INVALID_FIELD_VALUE"],
        [people().update({ age: 1 }), 400, "FILTER_REQUIRED"],
        [people().delete(), 400, "FILTER_REQUIRED"],
        [people().delete().eq("nope", 1), 400, "COLUMN_NOT_FOUND"],
        [viewer.insert(newRow("Viewer")), 403, "FORBIDDEN"],
        [viewer.update({ age: 1 }).eq("plan", "free"), 403, "FORBIDDEN"],
        [viewer.delete().eq("plan", "free"), 403, "FORBIDDEN"],
        [client.from("no_such_table").insert(newRow("Nowhere")), 404, "NOT_FOUND"],
        [client.from(other.table).insert(newRow("Elsewhere")), 404, "NOT_FOUND"],
        [client.from(other.table).delete().eq("name", "x"), 404, "NOT_FOUND"],
      ];
      for (const [request, status, code] of refusals) {
        const answer = await request;
        expect({ status: answer.status, code: answer.error?.code }).toEqual({ status, code });
      }
      expect(await hand.state()).toEqual(before);
    });
  });
});

/** A second project of the same owner, with its own people table: invisible to the first project's keys. */
async function otherProject(fixture: DataApiFixture): Promise<{ project: string; table: string }> {
  const owner: Member = fixture.owner;
  const call = as(fixture.app, owner);
  const org = (await call("POST", "/private/editor/organizations", { name: "other" })).json().data.id as string;
  const project = (await call("POST", `/private/editor/organizations/${org}/projects`, { name: "other" })).json().data.id as string;
  const form = (await call("POST", `/private/editor/projects/${project}/forms`, PEOPLE_FORM)).json().data.id as string;
  const { table_name } = await fixture.database.db.selectFrom("form").select("table_name").where("id", "=", form).executeTakeFirstOrThrow();
  return { project, table: table_name };
}
