import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { describe, expect, inject, it } from "vitest";
import { pingDatabase, type Database } from "../db/database";
import { openReusedPGlite, reuseCounts } from "./pglite-reuse";

const dump = () => new Blob([readFileSync(inject("databaseTemplates").pgliteDump)]);

async function one<T>(database: Database, query: ReturnType<typeof sql<T>>): Promise<T> {
  return (await query.execute(database.db)).rows[0]!;
}

describe("a PGlite handed back by one file and reused by the next", () => {
  it("shows nothing the last holder made, changed or listened to", async () => {
    const template = dump();
    const first = await openReusedPGlite(template);
    const searchPath = await one(first, sql<{ search_path: string }>`show search_path`);
    const migrations = await one(first, sql<{ n: number }>`select count(*)::int as n from fieldwork_migration`);
    const heard: string[] = [];
    await first.listen("reuse_probe", (payload) => heard.push(payload));
    for (const statement of [
      "create table form_data.form_probe (id serial primary key, answer text)",
      "insert into form_data.form_probe (answer) values ('kept?')",
      "create view form_data.probe_view as select * from form_data.form_probe",
      "create type public.probe_mood as enum ('calm', 'rushed')",
      "create function public.probe_fn() returns int language sql as 'select 1'",
      "create schema probe_schema",
      "create table probe_schema.t (id int)",
      "create role probe_role",
      "grant select on organization to probe_role",
      "insert into organization (name, display_name) values ('probe-org', 'Probe org')",
      "select nextval('outbox_id_seq')",
      "set search_path = form_data",
    ]) await sql.raw(statement).execute(first.db);
    const before = reuseCounts();
    await first.close();
    expect(reuseCounts().discarded).toBe(before.discarded);
    expect(await pingDatabase(first.db).then(() => "answers", () => "closed")).toBe("closed");

    const second = await openReusedPGlite(template);
    try {
      expect(reuseCounts().reused).toBe(before.reused + 1);
      const left = await one(second, sql<Record<string, string | null>>`
        select to_regclass('form_data.form_probe')::text as "table", to_regclass('form_data.probe_view')::text as "view",
               to_regtype('public.probe_mood')::text as "type", to_regprocedure('public.probe_fn()')::text as "function",
               (select nspname from pg_namespace where nspname = 'probe_schema') as "schema",
               (select rolname from pg_roles where rolname = 'probe_role') as "role",
               (select array_to_string(array(select grantee::regrole::text from aclexplode(relacl) where grantee <> relowner), ',')
                  from pg_class where oid = 'organization'::regclass) as "grantees"`);
      expect(left).toEqual({ table: null, view: null, type: null, function: null, schema: null, role: null, grantees: "" });
      expect(await one(second, sql<{ n: number }>`select count(*)::int as n from organization`)).toEqual({ n: 0 });
      expect(await one(second, sql<{ id: string }>`select nextval('outbox_id_seq')::text as id`)).toEqual({ id: "1" });
      expect(await one(second, sql<{ search_path: string }>`show search_path`)).toEqual(searchPath);
      expect(await one(second, sql<{ n: number }>`select count(*)::int as n from fieldwork_migration`)).toEqual(migrations);
      await sql`select pg_notify('reuse_probe', 'after')`.execute(second.db);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it("puts the template's own rows back when a file changed them", async () => {
    const template = dump();
    const first = await openReusedPGlite(template);
    const migrations = await one(first, sql<{ rows: string }>`select string_agg(name, ',' order by name) as rows from fieldwork_migration`);
    await sql`delete from fieldwork_migration where name = (select min(name) from fieldwork_migration)`.execute(first.db);
    await first.close();
    const before = reuseCounts();
    const second = await openReusedPGlite(template);
    try {
      expect(reuseCounts().reused).toBe(before.reused + 1);
      expect(await one(second, sql<{ rows: string }>`select string_agg(name, ',' order by name) as rows from fieldwork_migration`)).toEqual(migrations);
    } finally {
      await second.close();
    }
  });

  it("is closed when its reset cannot make it the template again, and the next file never sees what it kept", async () => {
    const template = dump();
    const first = await openReusedPGlite(template);
    await sql`alter table organization add column probe_column int`.execute(first.db);
    const before = reuseCounts();
    await first.close();
    expect(reuseCounts().discarded).toBe(before.discarded + 1);
    const second = await openReusedPGlite(template);
    try {
      const column = await one(second, sql<{ found: boolean }>`
        select exists (select 1 from pg_attribute where attrelid = 'organization'::regclass and attname = 'probe_column') as found`);
      expect(column).toEqual({ found: false });
    } finally {
      await second.close();
    }
  });
});
