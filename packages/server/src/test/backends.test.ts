import { sql } from "kysely";
import { describe, expect, inject, it } from "vitest";
import { migrate } from "../db/migrate";
import { BACKENDS } from "./backends";
import { tablespaceClause } from "./database-templates";

describe("the migrated templates the integration project's global setup makes", () => {
  it("are handed to the workers: a PGlite dump file and a PostgreSQL database when the server is up", () => {
    const templates = inject("databaseTemplates");
    expect(templates.pgliteDump).toMatch(/fieldwork-pglite-template-\d+\.tar$/);
    expect(templates.postgresTemplate === "").toBe(!BACKENDS.find((b) => b.name === "postgres")!.available);
  });
});

describe.each(BACKENDS)("a database opened from the template on $name", (backend) => {
  it.skipIf(!backend.available)("is fully migrated, and what one copy writes the next does not see", async () => {
    const first = await backend.open();
    try {
      expect((await migrate(first.db)).results).toEqual([]);
      await sql`create table copy_marker (id int)`.execute(first.db);
      const second = await backend.open();
      try {
        const found = await sql<{ found: string | null }>`select to_regclass('copy_marker')::text as found`.execute(second.db);
        expect(found.rows[0]!.found).toBeNull();
        expect((await migrate(second.db)).results).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});

describe("TEST_DATABASE_TABLESPACE", () => {
  it("names the tablespace of the databases the tests create, and refuses what is not a plain name", () => {
    expect(tablespaceClause({})).toBe("");
    expect(tablespaceClause({ TEST_DATABASE_TABLESPACE: "fieldwork_test" })).toBe(' tablespace "fieldwork_test"');
    for (const hostile of ['x"; drop database test; --', "Fieldwork", "a b", "1st"]) {
      expect(() => tablespaceClause({ TEST_DATABASE_TABLESPACE: hostile })).toThrow(/plain lowercase name/);
    }
  });

  const postgres = BACKENDS.find((b) => b.name === "postgres")!;
  it.skipIf(!postgres.available)("holds a copy of the template when set (.ci/run sets it), the default tablespace otherwise", async () => {
    const database = await postgres.open();
    try {
      const { rows } = await sql<{ spcname: string }>`select t.spcname from pg_database d join pg_tablespace t on t.oid = d.dattablespace
        where d.datname = current_database()`.execute(database.db);
      expect(rows[0]!.spcname).toBe(process.env.TEST_DATABASE_TABLESPACE || "pg_default");
    } finally {
      await database.close();
    }
  });
});
