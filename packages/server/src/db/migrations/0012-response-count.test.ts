/**
 * Migration 0012 on a database made before it: a form whose rows were partly deleted gets
 * `response_count` = the rows it holds and `last_local_index` past every number given, and
 * its table gets the delete trigger.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../database";
import { BACKENDS, openEmptyDatabase } from "../../test/backends";
import { migrate, migrationsUpTo } from "../migrate";

describe.each(BACKENDS)("migration 0012 (response count) on $name", (backend) => {
  let database: Database;

  beforeAll(async () => {
    if (backend.available) database = await openEmptyDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });

  it.skipIf(!backend.available)("counts the rows each form holds and keeps numbering past the last one given", async () => {
    await migrate(database.db, migrationsUpTo("0011-form-method-post"));
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
