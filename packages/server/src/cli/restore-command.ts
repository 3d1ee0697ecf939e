/**
 * `db restore FILE` in the CLI's own process (never through a running server: it replaces
 * the database under it). After the restore, the database is migrated to this code's latest
 * version, so an older backup comes back upgraded.
 */
import { FieldworkError } from "@fieldwork/core";
import { restoreDatabase } from "../backup/backup-database";
import type { Progress } from "../backup/backup-file";
import type { Config } from "../config";
import { openDatabase } from "../db/database";
import { migrate } from "../db/migrate";
import { failure, json, knownError, type CliOutput } from "./commands";
import { readServerFile } from "./server-file";

export async function runRestore(config: Config, command: { file: string; force: boolean }, progress: Progress): Promise<CliOutput> {
  try {
    let manifest;
    if (config.databaseUrl) {
      const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
      try {
        manifest = await restoreDatabase({ backend: "postgres", db: database.db, databaseUrl: config.databaseUrl }, command.file, { ...command, progress });
      } finally {
        await database.close();
      }
    } else {
      if (readServerFile(config.dataDir)) throw new FieldworkError("RESTORE_SERVER_RUNNING", `A Fieldwork server holds ${config.dataDir}. Stop it before restoring.`);
      manifest = await restoreDatabase({ backend: "pglite", dataDir: config.dataDir }, command.file, { ...command, progress });
    }
    progress("migrating to this version's schema");
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    try {
      const applied = (await migrate(database.db)).results?.map((r) => r.migrationName) ?? [];
      return { stdout: `${json({ restored: command.file, backend: manifest.backend, schema_version: manifest.schema_version, migrations_applied: applied })}\n`, exit_code: 0 };
    } finally {
      await database.close();
    }
  } catch (error) {
    const known = knownError(error);
    if (known) return failure(known);
    throw error;
  }
}
