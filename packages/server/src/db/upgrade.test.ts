/**
 * The upgrade path: a database made by the previous release (its own code's first start on
 * PostgreSQL, migrations up to 0010, the seeded and published demo form, 12 answers posted
 * to its public submit; `fixtures/release-0010.sql`, made by scripts/upgrade-fixture.sh) is
 * loaded, migrated by this code, and served: the form page, its definition, its answers
 * through the Data API, and a new answer after them. On both backends.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { appliedMigrations } from "../backup/backup-database";
import { ORIGIN } from "../test/accounts";
import { BACKENDS, createScratchDatabase } from "../test/backends";
import { servedForm, viewerKeyFor } from "../test/served-form";
import { createPGliteFromScript } from "./backup";
import { openDatabase, type Database } from "./database";
import { migrate, MIGRATION_NAMES } from "./migrate";

const FIXTURE = readFileSync(new URL("./fixtures/release-0010.sql", import.meta.url), "utf8");
/** The fixture's first line names its demo form. */
const FORM_ID = /demo form ([0-9a-f-]{36})/.exec(FIXTURE)![1]!;
const RELEASE_MIGRATION = "0010-unlogged-rate-limits";

describe.each(BACKENDS)("a database from the release at migration 0010, migrated by this code, on $name", (backend) => {
  const scratchDir = mkdtempSync(join(tmpdir(), `fieldwork-upgrade-${backend.name}-`));
  let drop = async () => {};
  let database: Database;
  let app: FastifyInstance;
  let appliedBefore: string[];
  let appliedNow: string[];

  beforeAll(async () => {
    if (!backend.available) return;
    if (backend.name === "pglite") {
      await createPGliteFromScript(join(scratchDir, "pglite"), FIXTURE);
      database = await openDatabase({ dataDir: scratchDir });
    } else {
      const scratch = await createScratchDatabase();
      drop = scratch.drop;
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        await client.query(FIXTURE);
      } finally {
        await client.end();
      }
      database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
    }
    appliedBefore = await appliedMigrations(database.db);
    appliedNow = (await migrate(database.db)).results?.map((r) => r.migrationName) ?? [];
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0 });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await drop();
    rmSync(scratchDir, { recursive: true, force: true });
  });

  it.skipIf(!backend.available)("applies every migration after 0010, in order", () => {
    expect(appliedBefore.at(-1)).toBe(RELEASE_MIGRATION);
    expect(appliedNow).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(RELEASE_MIGRATION) + 1));
  });

  it.skipIf(!backend.available)("serves the release's published form and its 12 answers", async () => {
    const served = await servedForm(app, FORM_ID, await viewerKeyFor(database, FORM_ID));
    expect(served.page).toEqual({ status: 200, names_title: true });
    expect(served.rows.map((row) => [row.local_index, row.full_name, row.team_size, row.plan])).toEqual(
      Array.from({ length: 12 }, (_, k) => [k + 1, `Visitor ${k + 1}`, (k + 1) * 3, ["free", "team", "enterprise"][(k + 1) % 3]]),
    );
    expect(served.rows[0]).toMatchObject({ email: "visitor1@example.com", comments: "Answer number 1, with a comma", accept_terms: true });
  }, 60_000);

  it.skipIf(!backend.available)("takes a new answer after the release's, numbered 13", async () => {
    const answer = await app.inject({
      method: "POST", url: `/submit/${FORM_ID}`, headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ full_name: "After the upgrade", email: "new@example.com", role: "founder", plan: "team", accept_terms: "on" }).toString(),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().data.local_index).toBe(13);
  }, 60_000);
});
