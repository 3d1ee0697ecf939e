/**
 * `migrate` on a database that has what it needs does nothing (no Migrator, whose
 * introspection of every table grew with the forms), and on any other database does what the
 * Migrator always did: applies what is missing, and refuses a database a newer release
 * migrated.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { BACKENDS, openEmptyDatabase } from "../test/backends";
import type { Database } from "./database";
import { migrate, MIGRATION_NAMES, MIGRATION_TABLE, migrationsUpTo } from "./migrate";

describe.each(BACKENDS)("migrate on $name", (backend) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  const appliedNames = async (db: Database["db"]) =>
    (await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db)).rows.map((r) => r.name);

  it.skipIf(!backend.available)("applies everything to an empty database, the rest to an older one, and nothing to an up-to-date one", async () => {
    database = await openEmptyDatabase(backend);
    const older = await migrate(database.db, migrationsUpTo("0010-unlogged-rate-limits"));
    expect(older.results?.map((r) => r.migrationName)).toEqual(MIGRATION_NAMES.slice(0, 10));
    const rest = await migrate(database.db);
    expect(rest.results?.map((r) => r.migrationName)).toEqual(MIGRATION_NAMES.slice(10));
    expect(await migrate(database.db)).toEqual({ results: [] });
    expect(await appliedNames(database.db)).toEqual([...MIGRATION_NAMES].sort());
  });

  it.skipIf(!backend.available)("still refuses a database with a migration this code does not know, and one missing an old migration is not up to date", async () => {
    database = await backend.open();
    const { db } = database;
    await sql`insert into ${sql.table(MIGRATION_TABLE)} (name, timestamp) values ('9999-from-a-newer-release', now()::text)`.execute(db);
    await expect(migrate(db)).rejects.toThrow(/9999-from-a-newer-release/);
    await sql`delete from ${sql.table(MIGRATION_TABLE)} where name in ('9999-from-a-newer-release', ${MIGRATION_NAMES.at(-1)!})`.execute(db);
    // The last migration's row is gone: not up to date, so the Migrator runs it again.
    await expect(migrate(db)).rejects.toThrow();
  });
});
