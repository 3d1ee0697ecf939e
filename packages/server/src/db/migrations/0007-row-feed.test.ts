/**
 * Migration 0007 on a database made before it: the form tables that already exist get the
 * row-feed triggers, and a write to one notifies `fieldwork_rows` once per statement.
 */
import { ROW_CHANGE_CHANNEL } from "@fieldwork/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../database";
import { BACKENDS, openEmptyDatabase } from "../../test/backends";
import { migrate, migrationsUpTo } from "../migrate";

describe.each(BACKENDS)("migration 0007 (row feed) on $name", (backend) => {
  let database: Database;

  beforeAll(async () => {
    if (backend.available) database = await openEmptyDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });

  it.skipIf(!backend.available)("installs the triggers on form tables made before it", async () => {
    await migrate(database.db, migrationsUpTo("0006-query-engine"));
    const db = database.db;
    const org = await db.insertInto("organization").values({ name: "old", display_name: "Old" }).returning("id").executeTakeFirstOrThrow();
    const project = await db.insertInto("project").values({ organization_id: org.id, name: "p" }).returning("id").executeTakeFirstOrThrow();
    await sql`create table form_data.old_form_00000000 (id uuid primary key default gen_random_uuid(), local_index integer not null)`.execute(db);
    await db.insertInto("form").values({ project_id: project.id, title: "Old", table_name: "old_form_00000000" }).execute();

    await migrate(database.db, migrationsUpTo("0007-row-feed"));
    const payloads: string[] = [];
    const unlisten = await database.listen(ROW_CHANGE_CHANNEL, (payload) => payloads.push(payload));
    await sql`insert into form_data.old_form_00000000 (local_index) select g from generate_series(1, 40) g`.execute(db);
    await sql`update form_data.old_form_00000000 set local_index = local_index + 100 where local_index <= 10`.execute(db);
    await sql`delete from form_data.old_form_00000000`.execute(db);
    const start = Date.now();
    while (payloads.length < 3 && Date.now() - start < 2000) await new Promise((r) => setTimeout(r, 10));
    await unlisten();
    expect(payloads.map((p) => JSON.parse(p))).toEqual([
      { table: "old_form_00000000", op: "INSERT", count: 40 },
      { table: "old_form_00000000", op: "UPDATE", count: 10 },
      { table: "old_form_00000000", op: "DELETE", count: 40 },
    ]);
  });
});
