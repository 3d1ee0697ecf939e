/**
 * The search vector filled after the write (search-vector.ts, search-filler.ts): search is
 * exact before the filler ran and after, updates are searched by their new words, editor
 * changes and migration 0021 keep search working, and fillers fill in batches side by side.
 */
import type { FastifyInstance, InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up as convertToAsyncSearch } from "../db/migrations/0021-search-vector-async";
import { as } from "../test/accounts";
import { BACKENDS, multipart } from "../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../test/data-api";
import { SearchFiller } from "./search-filler";
import { fillSearchBatch } from "./search-vector";

/** The filler never runs by itself here: each test fills when it means to. */
const MANUAL_FILL = { searchFill: { delayMs: 3_600_000, maxDelayMs: 3_600_000, sweepEveryMs: 3_600_000 } };

describe.each(BACKENDS)("the search vector off the submit path on $name", (backend) => {
  let f: DataApiFixture;
  let app: FastifyInstance;
  const table = () => sql.table(`form_data.${f.table}`);
  const rest = (method: InjectOptions["method"], path: string, body?: unknown) => app.inject({
    method, url: `/rest/v1/${f.table}${path}`,
    headers: { authorization: `Bearer ${f.keys.editor}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  /** Names of the rows a search finds, through the Data API. */
  const search = async (words: string, negate = false) => {
    const answer = await rest("GET", `?select=name&order=name&__fw_search=${negate ? "not." : ""}wfts.${encodeURIComponent(words)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { name: string }[]).map((r) => r.name);
  };
  const unfilled = async () => Number((await sql<{ n: string }>`
    select count(*) as n from ${table()} where __fw_search is null`.execute(f.database.db)).rows[0]!.n);
  const fill = () => app.searchFiller.fill(f.table);

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `searchvec-${backend.name}`, { app: MANUAL_FILL });
    app = f.app;
    await sql`update form set is_published = true where id = ${f.form_id}`.execute(f.database.db);
    await app.searchFiller.idle();
  });
  afterAll(async () => f?.close());

  it.skipIf(!backend.available)("finds a submitted row at once, before the filler ran, and after", async () => {
    const body = multipart({ name: "Ada Lovelace", bio: "engines and zebras", plan: "team" });
    const submitted = await app.inject({
      method: "POST", url: `/submit/${f.form_id}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(await unfilled()).toBe(1);
    expect(await search("zebras")).toEqual(["Ada Lovelace"]);
    expect(await search("lovelace engines")).toEqual(["Ada Lovelace"]);
    expect(await search("zebras", true)).toEqual([]);
    await fill();
    expect(await unfilled()).toBe(0);
    expect(await search("zebras")).toEqual(["Ada Lovelace"]);
    expect(await search("zebras", true)).toEqual([]);
    expect(await search("giraffes")).toEqual([]);
  });

  it.skipIf(!backend.available)("searches an updated text by its new words, not its old, filled or not", async () => {
    expect((await rest("POST", "", [{ name: "Bo", bio: "old walrus" }, { name: "Cy", bio: "quiet heron" }])).statusCode).toBe(201);
    await fill();
    expect(await search("walrus")).toEqual(["Bo"]);
    expect((await rest("PATCH", "?name=eq.Bo", { bio: "new pelican" })).statusCode).toBe(204);
    expect(await unfilled()).toBe(1);
    expect(await search("pelican")).toEqual(["Bo"]);
    expect(await search("walrus")).toEqual([]);
    expect(await search("walrus", true)).toContain("Bo");
    await fill();
    expect(await search("pelican")).toEqual(["Bo"]);
    expect(await search("walrus")).toEqual([]);
    // An update by hand clears the vector too (the trigger), so it is never stale.
    await sql`update ${table()} set name = 'Cyril' where name = 'Cy'`.execute(f.database.db);
    expect(await unfilled()).toBe(1);
    expect(await search("cyril heron")).toEqual(["Cyril"]);
    await fill();
    expect(await search("cyril heron")).toEqual(["Cyril"]);
    expect(await search("cy")).toEqual([]);
  });

  it.skipIf(!backend.available)("keeps search exact across a field added, renamed and deleted", async () => {
    const owner = as(app, f.owner);
    const revision = (await owner("GET", `/private/editor/forms/${f.form_id}`)).json().data.revision as number;
    const created = await owner("POST", `/private/editor/forms/${f.form_id}/fields`, {
      revision, field: { name: "nickname", type: "text", label: "Nickname" },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    // The set of text columns changed: the vector is empty until the filler rebuilds it.
    expect(await unfilled()).toBeGreaterThan(0);
    expect(await search("pelican")).toEqual(["Bo"]);
    expect((await rest("PATCH", "?name=eq.Bo", { nickname: "bobcat" })).statusCode).toBe(204);
    expect(await search("bobcat")).toEqual(["Bo"]);
    await fill();
    expect(await unfilled()).toBe(0);
    expect(await search("bobcat pelican")).toEqual(["Bo"]);
    const fieldId = created.json().data.field_id as string;
    const renamed = await owner("PATCH", `/private/editor/forms/${f.form_id}/fields/${fieldId}`, {
      revision: revision + 1, field: { name: "alias", type: "text", label: "Alias" },
    });
    expect(renamed.statusCode, renamed.body).toBeLessThan(300);
    expect(await search("bobcat")).toEqual(["Bo"]);
    const deleted = await owner("DELETE", `/private/editor/forms/${f.form_id}/fields/${fieldId}?revision=${revision + 2}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await search("bobcat")).toEqual([]);
    expect(await search("pelican")).toEqual(["Bo"]);
    await fill();
    expect(await search("bobcat")).toEqual([]);
    expect(await search("pelican")).toEqual(["Bo"]);
  });

  it.skipIf(!backend.available)("converts a table with the old generated vector and keeps searching", async () => {
    const db = f.database.db;
    await sql`drop trigger fieldwork_search_stale on ${table()}`.execute(db);
    await sql`alter table ${table()} drop column __fw_search`.execute(db);
    await sql`alter table ${table()} add column __fw_search tsvector generated always as
      (to_tsvector('simple'::regconfig, left(coalesce(name, '') || ' ' || coalesce(bio, ''), 100000))) stored`.execute(db);
    await sql`comment on column ${sql.id("form_data", f.table, "__fw_search")} is 'fieldwork search over attnums 7,9'`.execute(db);
    await convertToAsyncSearch(db as never);
    const { rows } = await sql<{ generated: string }>`
      select attgenerated as generated from pg_attribute
      where attrelid = ${`form_data."${f.table}"`}::regclass and attname = '__fw_search'`.execute(db);
    expect(rows[0]!.generated).toBe("");
    expect(await unfilled()).toBeGreaterThan(0);
    expect(await search("pelican")).toEqual(["Bo"]);
    await app.searchFiller.sweep();
    expect(await unfilled()).toBe(0);
    expect(await search("pelican")).toEqual(["Bo"]);
    expect(await search("zebras")).toEqual(["Ada Lovelace"]);
  });

  it.skipIf(!backend.available)("fills in batches, and a second filler skips the rows the first holds", async () => {
    const db = f.database.db;
    await sql`insert into ${table()} (local_index, name) select 1000 + g, 'batch ' || g from generate_series(1, 25) g`.execute(db);
    const batches: number[] = [];
    for (let n = -1; n !== 0;) batches.push(n = await fillSearchBatch(db, f.table, 10, 10_000, backend.name === "postgres"));
    expect(batches).toEqual([10, 10, 5, 0]);
    expect(await search("batch 17")).toEqual(["batch 17"]);
    if (backend.name !== "postgres") return;
    await sql`insert into ${table()} (local_index, name) select 2000 + g, 'pair ' || g from generate_series(1, 200) g`.execute(db);
    // A transaction that holds 10 unfilled rows: a filler takes the others and does not wait.
    await db.transaction().execute(async (trx) => {
      await sql`select id from ${table()} where __fw_search is null order by local_index limit 10 for update`.execute(trx);
      const started = Date.now();
      expect(await fillSearchBatch(db, f.table, 1000, 10_000, true)).toBe(190);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
    expect(await unfilled()).toBe(10);
    // Two fillers at once fill every row once, without an error.
    await sql`update ${table()} set name = name || ' again' where name like 'pair %'`.execute(db);
    expect(await unfilled()).toBe(200);
    const other = new SearchFiller(db, { batchSize: 7, ...MANUAL_FILL.searchFill });
    const mine = new SearchFiller(db, { batchSize: 11, ...MANUAL_FILL.searchFill });
    await Promise.all([other.fill(f.table), mine.fill(f.table)]);
    await Promise.all([other.close(), mine.close()]);
    expect(await unfilled()).toBe(0);
    expect(await search("pair 150 again")).toEqual(["pair 150 again"]);
  });
});
