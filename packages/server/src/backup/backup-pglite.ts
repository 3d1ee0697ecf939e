/**
 * PGlite backups: the data directory as PGlite dumps it (a gzipped tarball, db/backup.ts),
 * restored by loading it into a new directory beside `DATA_DIR/pglite` that replaces it only
 * once it has opened. A failure leaves `DATA_DIR/pglite` as it was.
 */
import { createReadStream, existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { FieldworkError } from "@fieldwork/core";
import type { Kysely } from "kysely";
import { dumpPGliteDataDir, loadPGliteDataDir } from "../db/backup";
import { restrictDataDir } from "../db/data-dir";
import { MIGRATION_TABLE } from "../db/migrate";
import type { DB } from "../db/schema";
import { mb, type OpenedBackup, type Progress } from "./backup-file";

/** Where PGlite keeps its files under DATA_DIR (db/database.ts). */
export const pgliteDir = (dataDir: string) => join(dataDir, "pglite");

/** Writes the tarball of the PGlite behind `db` to `path`. */
export async function dumpPGlite(db: Kysely<DB>, path: string, progress: Progress): Promise<void> {
  progress("dumping PGlite's data directory");
  const tarball = dumpPGliteDataDir(db);
  if (!tarball) throw new Error("This database is not PGlite.");
  const bytes = Buffer.from(await (await tarball).arrayBuffer());
  progress(`dumped ${mb(bytes.length)}`);
  await writeFile(path, bytes, { mode: 0o600 });
}

export function pgliteDirHasData(dataDir: string): boolean {
  const dir = pgliteDir(dataDir);
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/**
 * The payload must be a gzipped tar before PGlite sees it: PGlite unpacks in a stream whose
 * errors escape as unhandled rejections (which end the process) instead of failing the load.
 * Checked as a stream: memory holds the compressed payload only.
 */
async function checkTarball(backup: OpenedBackup): Promise<void> {
  let head = Buffer.alloc(0);
  const firstBlock = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (head.length < 512) head = Buffer.concat([head, chunk]).subarray(0, 512);
      done();
    },
  });
  try {
    await pipeline(createReadStream(backup.file, { start: backup.payloadOffset }), createGunzip(), firstBlock);
  } catch (error) {
    throw new FieldworkError("BACKUP_FILE_INVALID", `${backup.file} holds no readable PGlite data directory (${(error as Error).message}). Nothing was restored.`);
  }
  if (head.length < 512 || head.toString("latin1", 257, 262) !== "ustar") {
    throw new FieldworkError("BACKUP_FILE_INVALID", `${backup.file} holds no PGlite data directory (not a tar archive). Nothing was restored.`);
  }
}

/** Loads a checked backup's tarball as DATA_DIR/pglite (replacing what is there: the caller checked `--force`). */
export async function restorePGlite(dataDir: string, backup: OpenedBackup, progress: Progress): Promise<void> {
  const target = pgliteDir(dataDir);
  const staging = `${target}.restoring-${process.pid}`;
  const aside = `${target}.replaced-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  progress(`loading ${mb(backup.manifest.payload.bytes)} into a new data directory`);
  await checkTarball(backup);
  const tarball = new Blob([(await readFile(backup.file)).subarray(backup.payloadOffset)]);
  try {
    await loadPGliteDataDir(staging, tarball, MIGRATION_TABLE);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw new FieldworkError("BACKUP_FILE_INVALID", `${backup.file} could not be loaded by PGlite (${(error as Error).message}). Nothing was restored.`);
  }
  if (existsSync(target)) await rename(target, aside);
  await rename(staging, target);
  await rm(aside, { recursive: true, force: true });
  restrictDataDir(dataDir);
}
