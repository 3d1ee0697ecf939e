/**
 * `fieldwork db backup FILE` and `fieldwork db restore FILE` on either backend: the checks
 * (existing file, empty target, schema version) and the file format here, the dumping and
 * loading in backup-postgres.ts and backup-pglite.ts.
 */
import { rm } from "node:fs/promises";
import { FieldworkError } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import { kindOf } from "../db/database";
import { MIGRATION_NAMES, MIGRATION_TABLE } from "../db/migrate";
import type { DB } from "../db/schema";
import { checkWritable, payloadStream, readBackupFile, tempBeside, writeBackupFile, type BackupManifest, type Progress } from "./backup-file";
import { dumpPGlite, pgliteDirHasData, restorePGlite } from "./backup-pglite";
import { dumpPostgres, hasRelations, restorePostgres, serverVersion } from "./backup-postgres";
import { checkRestorable } from "./restorable";
import type { FindOptions } from "./pg-tools";

/** What a backup holds, written into its manifest and the docs (README "Backup and restore"). */
export const BACKUP_CONTENTS = "the whole database: accounts, organizations, projects, forms and their revisions, every form's answers table, "
  + "sessions, customers, API keys, webhooks and their outbox, the job queue; not DATA_DIR/secret_key (or SECRET_KEY), which signs sessions";

export interface BackupOptions { force: boolean; progress: Progress; find?: FindOptions }

/** The names of the migrations applied to `db`, oldest first (none on a database never migrated). */
export async function appliedMigrations(db: Kysely<DB>): Promise<string[]> {
  const { rows: [table] } = await sql<{ found: string | null }>`select to_regclass(${MIGRATION_TABLE})::text as found`.execute(db);
  if (!table?.found) return [];
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
  return rows.map((row) => row.name);
}

/** Backs up the open database `db` (PostgreSQL needs its URL for pg_dump) into `file`. */
export async function backupDatabase(db: Kysely<DB>, databaseUrl: string | undefined, file: string, options: BackupOptions): Promise<BackupManifest> {
  checkWritable(file, options.force);
  const backend = kindOf(db);
  if (!backend) throw new Error("backupDatabase needs a database opened by openDatabase.");
  if (backend === "postgres" && !databaseUrl) throw new Error("A PostgreSQL backup needs DATABASE_URL.");
  const migrations = await appliedMigrations(db);
  const { version } = await serverVersion(db);
  const payload = tempBeside(file, "payload");
  try {
    if (backend === "pglite") await dumpPGlite(db, payload, options.progress);
    else await dumpPostgres(db, databaseUrl!, payload, options.progress, options.find);
    return await writeBackupFile(file, payload, {
      backend,
      kind: backend === "pglite" ? "pglite-datadir-tgz" : "pg_dump-custom",
      created_at: new Date().toISOString(),
      schema_version: migrations.at(-1) ?? null,
      migrations,
      postgres_version: version,
      contents: BACKUP_CONTENTS,
    }, options);
  } finally {
    await rm(payload, { force: true });
  }
}

export type RestoreTarget =
  | { backend: "pglite"; dataDir: string }
  | { backend: "postgres"; db: Kysely<DB>; databaseUrl: string };

/**
 * Restores `file` into the target after checking the whole file and that this code knows
 * its schema version; a non-empty target is refused unless forced. Migrating to the latest
 * version is the caller's next step.
 */
export async function restoreDatabase(target: RestoreTarget, file: string, options: BackupOptions): Promise<BackupManifest> {
  const backup = await readBackupFile(file, options.progress);
  checkRestorable(backup.manifest, { backend: target.backend, migrations: MIGRATION_NAMES });
  const notEmpty = target.backend === "pglite" ? pgliteDirHasData(target.dataDir) : await hasRelations(target.db);
  if (notEmpty && !options.force) throw new FieldworkError("RESTORE_TARGET_NOT_EMPTY");
  if (target.backend === "pglite") await restorePGlite(target.dataDir, backup, options.progress);
  else await restorePostgres(target.db, target.databaseUrl, payloadStream(backup, options.progress), { replace: options.force, progress: options.progress, ...(options.find ? { find: options.find } : {}) });
  return backup.manifest;
}
