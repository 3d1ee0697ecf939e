/**
 * Migration 0012 on a database made before it: a form whose rows were partly deleted gets
 * `response_count` = the rows it holds and `last_local_index` past every number given, and
 * its table gets the delete trigger.
 */
import { sql } from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../database";
import { BACKENDS, openEmptyDatabase } from "../../test/backends";
import { migrate } from "../migrate";
import * as m1 from "./0001-foundation";
import * as m2 from "./0002-accounts";
import * as m3 from "./0003-invitations";
import * as m4 from "./0004-public-limits";
import * as m5 from "./0005-editor";
import * as m6 from "./0006-query-engine";
import * as m7 from "./0007-row-feed";
import * as m8 from "./0008-webhooks";
import * as m9 from "./0009-inventory";
import * as m10 from "./0010-unlogged-rate-limits";
import * as m11 from "./0011-form-method-post";

const BEFORE: Record<string, Migration> = {
  "0001-foundation": m1, "0002-accounts": m2, "0003-invitations": m3, "0004-public-limits": m4, "0005-editor": m5,
  "0006-query-engine": m6, "0007-row-feed": m7, "0008-webhooks": m8, "0009-inventory": m9, "0010-unlogged-rate-limits": m10,
  "0011-form-method-post": m11,
};

describe.each(BACKENDS)("migration 0012 (response count) on $name", (backend) => {
  let database: Database;

  beforeAll(async () => {
    if (backend.available) database = await openEmptyDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });

  it.skipIf(!backend.available)("counts the rows each form holds and keeps numbering past the last one given", async () => {
    const migrator = new Migrator({
      db: database.db, provider: { getMigrations: async () => BEFORE },
      migrationTableName: "fieldwork_migration", migrationLockTableName: "fieldwork_migration_lock",
    });
    const before = await migrator.migrateToLatest();
    if (before.error) throw before.error;
    const db = database.db;
    const org = await db.insertInto("organization").values({ name: "old", display_name: "Old" }).returning("id").executeTakeFirstOrThrow();
    const project = await db.insertInto("project").values({ organization_id: org.id, name: "p" }).returning("id").executeTakeFirstOrThrow();
    await sql`create table form_data.old_form_00000000 (id uuid primary key default gen_random_uuid(), local_index integer not null)`.execute(db);
    await sql`insert into form_data.old_form_00000000 (local_index) values (2), (4)`.execute(db);
    // Four answers were accepted, two deleted since.
    const form = await db.insertInto("form").values({ project_id: project.id, title: "Old", table_name: "old_form_00000000", response_count: 4 })
      .returning("id").executeTakeFirstOrThrow();

    await migrate(db);
    const counters = () => db.selectFrom("form").select(["response_count", "last_local_index"]).where("id", "=", form.id).executeTakeFirstOrThrow();
    expect(await counters()).toEqual({ response_count: 2, last_local_index: 4 });
    await sql`delete from form_data.old_form_00000000 where local_index = 4`.execute(db);
    expect(await counters()).toEqual({ response_count: 1, last_local_index: 4 });
  });
});
