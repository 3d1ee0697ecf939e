/**
 * Lazy column indexes (issue 20 item 5): a field's column gets no index when it is made;
 * the first read that filters or sorts on it queues the index the operator uses (a btree for
 * eq / lt / order, a trigram GIN for ilike, a GIN for cs), never a trigram on a choice
 * column; two instances asking at once build it once; the unused-index job drops indexes no
 * read wanted for UNUSED_INDEX_DAYS; renames, type changes and deletes of a column keep
 * reads working and indexes following.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { openDatabase, type Database } from "../db/database";
import { as, ORIGIN } from "../test/accounts";
import { BACKENDS, TEST_DATABASE_URL } from "../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../test/data-api";
import { buildColumnIndex, columnIndexes, touchColumnIndex } from "./column-index";
import { dropUnusedIndexes, UNUSED_INDEX_DAYS } from "./unused-indexes";

/** Tables of 3 rows get indexes here, and every read checks them (no once-a-minute memo). */
const LAZY = { minRows: 3, touchEveryMs: 0 };
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(BACKENDS)("lazy column indexes on $name", (backend) => {
  let f: DataApiFixture;
  const headers = () => ({ authorization: `Bearer ${f.keys.editor}` });
  const read = async (query: string, app = f.app) => {
    const answer = await app.inject({ method: "GET", url: `/rest/v1/${f.table}?${query}`, headers: headers() });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Record<string, unknown>[];
  };
  const insert = async (rows: object[]) => {
    const answer = await f.app.inject({
      method: "POST", url: `/rest/v1/${f.table}`, headers: { ...headers(), "content-type": "application/json" }, payload: JSON.stringify(rows),
    });
    expect(answer.statusCode, answer.body).toBe(201);
  };
  /** The column indexes of the people table, as `column:kind`. */
  const indexes = async () => (await columnIndexes(f.database.db, f.table)).map((i) => `${i.column}:${i.kind}`).sort();
  /** Waits until the queued builds ran, then for `expected` (a build on another instance may still run). */
  const indexesSettle = async (expected: string[]) => {
    await f.app.lazyIndexes.idle();
    for (let tries = 0; tries < 100 && JSON.stringify(await indexes()) !== JSON.stringify(expected); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return indexes();
  };
  const editor = (method: "GET" | "PATCH" | "DELETE", path: string, body?: unknown) =>
    as(f.app, f.owner)(method, `/private/editor/forms/${f.form_id}${path}`, body);
  const fieldId = async (name: string) =>
    ((await editor("GET", "")).json().data.fields as { id: string; name: string }[]).find((x) => x.name === name)!.id;
  const revision = async () => (await editor("GET", "")).json().data.revision as number;

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `lazy-indexes-${backend.name}`, { app: { lazyIndexes: LAZY } });
  });
  afterAll(async () => f?.close());

  it.skipIf(!backend.available)("makes no index with the table's fields, nor for a table under the row bound", async () => {
    expect(await indexes()).toEqual([]);
    await insert([{ name: "Ada", age: 36, plan: "team" }]);
    await read("age=gt.3&order=born.desc");
    expect(await indexesSettle([])).toEqual([]);
  });

  it.skipIf(!backend.available)("builds the index each operator uses after the first read, which does not wait for it", async () => {
    await insert([
      { name: "Grace", age: 85, plan: "free", tags: ["red"], born: "1906-12-09" },
      { name: "Linus", age: 54, plan: "enterprise", tags: ["green", "blue"], born: "1969-12-28" },
      { name: "Margaret", age: 88, plan: "team", tags: ["blue"], born: "1936-08-17" },
    ]);
    // The first read answers from the table as it is.
    expect((await read("age=gt.80&select=name&order=born")).map((r) => r.name)).toEqual(["Grace", "Margaret"]);
    expect(await indexesSettle(["age:btree", "born:btree"])).toEqual(["age:btree", "born:btree"]);
    await read("born=lt.1950-01-01&order=born.desc");
    await read("name=ilike.*ac*");
    await read("tags=cs.{blue}");
    // A choice column: matched by eq, never by pattern, so an ilike on it makes no trigram.
    await read("plan=ilike.*fr*");
    await read("plan=eq.free");
    // A negated filter and `is` use no index; a long text (bio, name) gets no btree.
    await read("email=not.ilike.x*&vip=is.true&bio=eq.x&order=name");
    await read("order=email");
    const expected = ["age:btree", "born:btree", "email:btree", "name:trgm", "plan:btree", "tags:gin"];
    expect(await indexesSettle(expected)).toEqual(expected);
    // The reads answer the same with the indexes in place.
    expect((await read("name=ilike.*ac*&select=name")).map((r) => r.name)).toEqual(["Grace"]);
    expect((await read("tags=cs.{blue}&select=name&order=name")).map((r) => r.name)).toEqual(["Linus", "Margaret"]);
  });

  it.skipIf(!backend.available)("builds one index when reads on two instances ask for it at once", async () => {
    let second: Database | undefined;
    let db = f.database.db;
    if (backend.name === "postgres") {
      // A second pool on the same database: two app instances, two queues, one PostgreSQL.
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${(await sql<{ name: string }>`select current_database() as name`.execute(f.database.db)).rows[0]!.name}`;
      second = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
      db = second.db;
    }
    const other = await buildApp({ db, publicUrl: ORIGIN, rateLimitFactor: 0, lazyIndexes: LAZY });
    try {
      await Promise.all([
        read("email=ilike.*ada*"), read("email=ilike.*ada*", other),
        read("email=like.*@example.com"), read("email=ilike.a*", other),
      ]);
      await other.lazyIndexes.idle();
      const expected = ["age:btree", "born:btree", "email:btree", "email:trgm", "name:trgm", "plan:btree", "tags:gin"];
      expect(await indexesSettle(expected)).toEqual(expected);
      // And straight through the builder: two builds of one index at once, one makes it.
      const trgm = (await columnIndexes(f.database.db, f.table)).find((i) => i.column === "email" && i.kind === "trgm")!;
      await sql`drop index ${sql.id("form_data", trgm.index_name)}`.execute(f.database.db);
      const outcomes = await Promise.all([
        buildColumnIndex(f.database.db, f.table, "email", trgm.attnum, "trgm", 60_000),
        buildColumnIndex(db, f.table, "email", trgm.attnum, "trgm", 60_000),
      ]);
      expect(outcomes.filter((o) => o === "built")).toHaveLength(1);
      expect(outcomes.every((o) => ["built", "busy", "present"].includes(o))).toBe(true);
      expect(await indexesSettle(expected)).toEqual(expected);
    } finally {
      await other.close();
      await second?.close();
    }
  });

  it.skipIf(!backend.available)("records a use at most once a minute per column and kind (per instance)", async () => {
    const other = await buildApp({ db: f.database.db, publicUrl: ORIGIN, rateLimitFactor: 0, lazyIndexes: { minRows: 3 } });
    const usedAt = async () => (await sql<{ used_at: Date | string }>`
      select u.used_at from column_index_use u join pg_attribute a on a.attnum = u.attnum
      where u.table_name = ${f.table} and u.kind = 'btree' and a.attname = 'wakes'
        and a.attrelid = to_regclass(${`form_data.${f.table}`})`.execute(f.database.db)).rows.map((r) => new Date(r.used_at).getTime());
    try {
      await read("wakes=gt.06:00", other);
      await other.lazyIndexes.idle();
      const first = await usedAt();
      expect(first).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await read("wakes=lt.09:00&order=wakes", other);
      await other.lazyIndexes.idle();
      expect(await usedAt()).toEqual(first);
      expect(await indexes()).toContain("wakes:btree");
    } finally {
      await other.close();
    }
  });

  it.skipIf(!backend.available)("follows a renamed, retyped and deleted column, and reads keep working", async () => {
    const before = await indexes();
    const age = await fieldId("age");
    const renamed = await editor("PATCH", `/fields/${age}`, { revision: await revision(), field: { name: "years", type: "number", label: "Age" } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await indexes()).toEqual(before.map((i) => i.replace(/^age:/, "years:")).sort());
    expect((await read("years=gt.80&select=name&order=name")).map((r) => r.name)).toEqual(["Grace", "Margaret"]);
    // A number made text: its btree goes with the old type, and the next filter makes the text's.
    const years = await fieldId("years");
    const retyped = await editor("PATCH", `/fields/${years}`, { revision: await revision(), field: { name: "years", type: "text", label: "Age" } });
    expect(retyped.statusCode, retyped.body).toBe(200);
    expect(await indexes()).not.toContain("years:btree");
    expect((await read("years=ilike.8*&select=name&order=name")).map((r) => r.name)).toEqual(["Grace", "Margaret"]);
    expect(await indexesSettle([...before.filter((i) => !i.startsWith("age:")), "years:trgm"].sort())).toContain("years:trgm");
    const deleted = await editor("DELETE", `/fields/${years}?revision=${await revision()}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await indexes()).filter((i) => i.startsWith("years:"))).toEqual([]);
    expect((await read("name=ilike.*a*&select=name&order=name")).length).toBeGreaterThan(0);
  });

  it.skipIf(!backend.available)("drops the indexes no read wanted for the unused days, and keeps those in use", async () => {
    await f.app.lazyIndexes.idle();
    // An index nobody recorded a use of (made by hand): dropped at the next run.
    await sql`create index on ${sql.table(`form_data.${f.table}`)} (seen_at, id)`.execute(f.database.db);
    expect(await indexes()).toContain("seen_at:btree");
    const dropped = await dropUnusedIndexes(f.database.db);
    expect(dropped).toHaveLength(1);
    expect(await indexes()).not.toContain("seen_at:btree");
    const kept = await indexes();
    expect(kept.length).toBeGreaterThan(0);
    // Recent use keeps the others; the name filter is used again 20 days on, the rest not.
    const later = new Date(Date.now() + 20 * DAY_MS);
    await touchColumnIndex(f.database.db, f.table, "name", "trgm", later);
    expect(await dropUnusedIndexes(f.database.db, { now: new Date(later.getTime() - DAY_MS) })).toEqual([]);
    await dropUnusedIndexes(f.database.db, { now: new Date(Date.now() + (UNUSED_INDEX_DAYS + 1) * DAY_MS) });
    expect(await indexes()).toEqual(["name:trgm"]);
    // A read wanting one again makes it again.
    await read("tags=ov.{red,green}&order=email");
    expect(await indexesSettle(["email:btree", "name:trgm", "tags:gin"])).toEqual(["email:btree", "name:trgm", "tags:gin"]);
  });
});
