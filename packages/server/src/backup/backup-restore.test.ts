/**
 * `db backup` → `db restore` on both backends: a database with a published form and its
 * answers is backed up, restored into a fresh database by the CLI in its own process, and
 * the app started on the restored database serves the same form page, definition and
 * answers (Data API). Refused files (missing, truncated, garbage, altered, from a newer
 * version) and a non-empty target answer their codes and leave the target as it was.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { runCli, useBuiltCli } from "../cli/cli-process";
import { openDatabase, type Database } from "../db/database";
import { migrate } from "../db/migrate";
import { seedDemo } from "../seed/seed";
import { ORIGIN } from "../test/accounts";
import { describeEachAtOnce } from "../test/at-once";
import { BACKENDS, createScratchDatabase, type Backend } from "../test/backends";
import { servedForm, viewerKeyFor, type ServedForm } from "../test/served-form";
import { backupDatabase, restoreDatabase, type RestoreTarget } from "./backup-database";
import { BACKUP_MAGIC, readBackupFile, type BackupManifest } from "./backup-file";
import { pgliteDirHasData } from "./backup-pglite";

useBuiltCli();

const quiet = () => {};

/** A database of `backend` with its URL (PostgreSQL) or DATA_DIR (PGlite), for the CLI's environment. */
interface Place { env: Record<string, string>; open(): Promise<Database>; drop(): Promise<void> }

async function placeOn(backend: Backend, scratchDir: string, name: string): Promise<Place> {
  if (backend.name === "pglite") {
    const dataDir = join(scratchDir, name);
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }), drop: async () => {} };
  }
  const scratch = await createScratchDatabase();
  return { env: { DATABASE_URL: scratch.url, DATA_DIR: join(scratchDir, `${name}-data`) }, open: () => openDatabase({ databaseUrl: scratch.url, poolSize: 4 }), drop: scratch.drop };
}

/** The same backup with a different manifest and payload, its size and checksum made to match (a file altered with care). */
function forge(file: string, manifest: BackupManifest, payload: Buffer, change: Partial<BackupManifest> = {}): string {
  const sha256 = createHash("sha256").update(payload).digest("hex");
  const header = `${BACKUP_MAGIC}${JSON.stringify({ ...manifest, ...change, payload: { ...manifest.payload, bytes: payload.length, sha256 } })}\n`;
  writeFileSync(file, Buffer.concat([Buffer.from(header), payload]));
  return file;
}

describeEachAtOnce(BACKENDS, "db backup and db restore on $name", (backend) => {
  const scratchDir = mkdtempSync(join(tmpdir(), `fieldwork-backup-${backend.name}-`));
  const file = join(scratchDir, "fieldwork.backup");
  let source: Place;
  let target: Place;
  let sourceDb: Database;
  let formId: string;
  let viewerKey: string;
  let before: ServedForm;

  /** The app on the target database, what it serves of the form, then closed. */
  async function servedByTarget(): Promise<ServedForm> {
    const database = await target.open();
    const app: FastifyInstance = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0 });
    try {
      return await servedForm(app, formId, viewerKey);
    } finally {
      await app.close();
      await database.close();
    }
  }

  const restoreTarget = (): RestoreTarget => backend.name === "pglite"
    ? { backend: "pglite", dataDir: target.env.DATA_DIR! }
    : { backend: "postgres", db: undefined as never, databaseUrl: target.env.DATABASE_URL! };

  /** restoreDatabase in this process, with the PostgreSQL target opened for it. */
  async function restoreHere(path: string, force: boolean): Promise<unknown> {
    const spec = restoreTarget();
    if (spec.backend === "pglite") return restoreDatabase(spec, path, { force, progress: quiet }).catch((error: unknown) => error);
    const database = await target.open();
    try {
      return await restoreDatabase({ ...spec, db: database.db }, path, { force, progress: quiet }).catch((error: unknown) => error);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    if (!backend.available) return;
    source = await placeOn(backend, scratchDir, "source");
    target = await placeOn(backend, scratchDir, "target");
    sourceDb = await source.open();
    await migrate(sourceDb.db);
    const app = await buildApp({ db: sourceDb.db, publicUrl: ORIGIN, rateLimitFactor: 0 });
    try {
      formId = (await seedDemo(sourceDb.db, app.auth)).form_id!;
      for (const [i, plan] of ["free", "team", "enterprise"].entries()) {
        const answer = await app.inject({
          method: "POST", url: `/submit/${formId}`, headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
          payload: new URLSearchParams({ full_name: `Visitor ${i}`, email: `v${i}@example.com`, role: "engineer", plan, accept_terms: "on", comments: `naïve "quote", ${i}` }).toString(),
        });
        expect(answer.statusCode, answer.body).toBe(201);
      }
      viewerKey = await viewerKeyFor(sourceDb, formId);
      before = await servedForm(app, formId, viewerKey);
    } finally {
      await app.close();
    }
    const progress: string[] = [];
    const manifest = await backupDatabase(sourceDb.db, source.env.DATABASE_URL, file, { force: false, progress: (m) => progress.push(m) });
    expect(manifest).toMatchObject({ backend: backend.name, schema_version: manifest.migrations.at(-1) });
    expect(progress.length).toBeGreaterThan(0);
  }, 180_000);

  afterAll(async () => {
    await sourceDb?.close();
    await source?.drop();
    await target?.drop();
    rmSync(scratchDir, { recursive: true, force: true });
  });

  it.skipIf(!backend.available)("the form served before the backup has its page and three answers", () => {
    expect(before.page).toEqual({ status: 200, names_title: true });
    expect(before.rows.map((row) => row.full_name)).toEqual(["Visitor 0", "Visitor 1", "Visitor 2"]);
  });

  it.skipIf(!backend.available)("refuses to replace an existing backup file without --force, and replaces it with", async () => {
    const bytes = readFileSync(file);
    const refused = await backupDatabase(sourceDb.db, source.env.DATABASE_URL, file, { force: false, progress: quiet }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "BACKUP_FILE_EXISTS" });
    expect(readFileSync(file).equals(bytes)).toBe(true);
    const nowhere = await backupDatabase(sourceDb.db, source.env.DATABASE_URL, join(scratchDir, "no-such-dir", "x.backup"), { force: false, progress: quiet })
      .catch((error: unknown) => error);
    expect(nowhere).toMatchObject({ code: "BACKUP_FILE_UNWRITABLE" });
    expect(await backupDatabase(sourceDb.db, source.env.DATABASE_URL, scratchDir, { force: true, progress: quiet }).catch((error: unknown) => error))
      .toMatchObject({ code: "BACKUP_FILE_UNWRITABLE" });
    if (backend.name === "postgres") {
      // No pg_dump where the CLI looks: a clear code, and no file or leftover beside it.
      const noTools = join(scratchDir, "no-tools");
      mkdirSync(noTools);
      const missing = await backupDatabase(sourceDb.db, source.env.DATABASE_URL, join(noTools, "x.backup"), { force: false, progress: quiet, find: { searchPath: noTools } })
        .catch((error: unknown) => error);
      expect(missing).toMatchObject({ code: "PG_TOOL_MISSING" });
      expect(readdirSync(noTools)).toEqual([]);
    }
    await backupDatabase(sourceDb.db, source.env.DATABASE_URL, file, { force: true, progress: quiet });
    expect((await readBackupFile(file, quiet)).manifest.backend).toBe(backend.name);
  }, 120_000);

  it.skipIf(!backend.available)("restores into a fresh database (CLI), and the app there serves the same form and answers", async () => {
    const restored = await runCli(["db", "restore", file], target.env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ backend: backend.name, migrations_applied: [] });
    expect(restored.stderr).toMatch(/checking/);
    expect(await servedByTarget()).toEqual(before);
    if (backend.name === "pglite") {
      // A DATA_DIR that does not exist yet is made (the CLI's config makes it; a direct call must too).
      const fresh = join(scratchDir, "not-yet", "data");
      await restoreDatabase({ backend: "pglite", dataDir: fresh }, file, { force: false, progress: quiet });
      expect(pgliteDirHasData(fresh)).toBe(true);
    }
  }, 180_000);

  it.skipIf(!backend.available)("refuses a non-empty target, and missing, truncated, garbage, altered or newer files, leaving the target as it was", async () => {
    const notEmpty = await runCli(["db", "restore", file], target.env);
    expect(notEmpty.code).toBe(1);
    expect(JSON.parse(notEmpty.stdout).error.code).toBe("RESTORE_TARGET_NOT_EMPTY");

    const whole = readFileSync(file);
    const truncated = join(scratchDir, "truncated.backup");
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const cut = await runCli(["db", "restore", truncated, "--force"], target.env);
    expect(cut.code).toBe(1);
    expect(JSON.parse(cut.stdout).error).toMatchObject({ code: "BACKUP_FILE_INVALID", message: expect.stringMatching(/truncated/) });

    const { manifest, payloadOffset } = await readBackupFile(file, quiet);
    const garbage = join(scratchDir, "garbage.backup");
    writeFileSync(garbage, Buffer.from("PGDMP this is not a backup at all\n".repeat(100)));
    const flipped = Buffer.from(whole);
    flipped[payloadOffset + Math.floor(manifest.payload.bytes / 2)]! ^= 0xff;
    const damaged = join(scratchDir, "damaged.backup");
    writeFileSync(damaged, flipped);
    // Size and checksum right, payload not a dump: refused by pg_restore or PGlite, in the middle of the work.
    const altered = forge(join(scratchDir, "altered.backup"), manifest, Buffer.concat([whole.subarray(payloadOffset, payloadOffset + 4096), Buffer.alloc(50_000, 7)]));
    const newer = forge(join(scratchDir, "newer.backup"), manifest, whole.subarray(payloadOffset), { migrations: [...manifest.migrations, "9999-from-the-future"] });
    expect(await restoreHere(join(scratchDir, "missing.backup"), true)).toMatchObject({ code: "BACKUP_FILE_NOT_FOUND" });
    expect(await restoreHere(garbage, true)).toMatchObject({ code: "BACKUP_FILE_INVALID" });
    expect(await restoreHere(damaged, true)).toMatchObject({ code: "BACKUP_FILE_INVALID", message: expect.stringMatching(/checksum/) });
    expect(await restoreHere(altered, true)).toMatchObject({ code: "BACKUP_FILE_INVALID" });
    expect(await restoreHere(newer, true)).toMatchObject({ code: "BACKUP_FROM_NEWER_VERSION" });

    expect(await servedByTarget()).toEqual(before);
  }, 240_000);

  it.skipIf(!backend.available)("restores over a non-empty target with --force", async () => {
    const database = await target.open();
    try {
      await database.db.updateTable("form").set({ title: "Changed after the backup" }).where("id", "=", formId).execute();
    } finally {
      await database.close();
    }
    const forced = await runCli(["db", "restore", file, "--force"], target.env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await servedByTarget()).toEqual(before);
  }, 180_000);
});
