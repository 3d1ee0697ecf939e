/**
 * Migration 0018 on a database made before it: the row-feed triggers of a form table that
 * already exists stop notifying while nobody watches the table, and notify again once a
 * watch row is live.
 */
import { ROW_CHANGE_CHANNEL } from "@fieldwork/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../database";
import { migrate, migrationsUpTo } from "../migrate";
import { BACKENDS, openEmptyDatabase } from "../../test/backends";
import { installRowFeedTriggers } from "../../tables/row-feed-triggers";

describe.each(BACKENDS)("migration 0018 (row-feed watch) on $name", (backend) => {
  let database: Database;

  beforeAll(async () => {
    if (backend.available) database = await openEmptyDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });

  it.skipIf(!backend.available)("makes an existing table's triggers notify only while the table is watched", async () => {
    await migrate(database.db, migrationsUpTo("0017-lazy-indexes"));
    const db = database.db;
    await sql`create table form_data.old_form_00000017 (id uuid primary key default gen_random_uuid(), local_index integer not null)`.execute(db);
    await installRowFeedTriggers(db, "old_form_00000017");
    const payloads: string[] = [];
    const unlisten = await database.listen(ROW_CHANGE_CHANNEL, (payload) => payloads.push(payload));
    const insert = (i: number) => sql`insert into form_data.old_form_00000017 (local_index) values (${i})`.execute(db);
    const settle = () => new Promise((r) => setTimeout(r, 300));

    await insert(1);
    await settle();
    expect(payloads).toHaveLength(1);

    await migrate(database.db, migrationsUpTo("0018-row-feed-watch"));
    await insert(2);
    await settle();
    expect(payloads).toHaveLength(1);

    await sql`insert into row_feed_watch (table_name, watched_until) values ('old_form_00000017', now() + interval '1 minute')`.execute(db);
    await insert(3);
    await settle();
    expect(payloads.map((p) => JSON.parse(p))).toEqual([
      { table: "old_form_00000017", op: "INSERT", count: 1 },
      { table: "old_form_00000017", op: "INSERT", count: 1 },
    ]);
    await sql`update row_feed_watch set watched_until = now() - interval '1 second'`.execute(db);
    await insert(4);
    await settle();
    expect(payloads).toHaveLength(2);
    await unlisten();
  });
});
