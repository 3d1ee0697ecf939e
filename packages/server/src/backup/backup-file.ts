/**
 * A Fieldwork backup file: one line naming the format, one line of JSON (the manifest: which
 * backend, the schema version, the payload's size and SHA-256), then the payload as it came
 * from the backend (`pg_dump --format=custom`, or PGlite's gzipped data directory). Reading
 * checks the size and the checksum before anything is restored, so a truncated or altered
 * file is refused whole. Writing goes to a temporary file beside the target, renamed when
 * complete.
 *
 *     FIELDWORK-BACKUP 1
 *     {"format":1,"backend":"postgres","schema_version":"0014-…","payload":{"bytes":…,"sha256":"…"},…}
 *     <payload bytes>
 */
import { createHash, randomBytes } from "node:crypto";
import { accessSync, constants, createReadStream, createWriteStream, existsSync, statSync } from "node:fs";
import { open, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform, type Readable } from "node:stream";
import { FieldworkError } from "@fieldwork/core";
import { z } from "zod";

export const BACKUP_MAGIC = "FIELDWORK-BACKUP 1\n";
/** The manifest line is small; a file whose second line is not within this is not a backup. */
const MAX_HEADER_BYTES = 64 * 1024;

export const BackupManifest = z.object({
  format: z.literal(1),
  backend: z.enum(["pglite", "postgres"]),
  created_at: z.string(),
  /** The latest applied migration (null for a database never migrated). */
  schema_version: z.string().nullable(),
  migrations: z.array(z.string()),
  postgres_version: z.string(),
  /** What the payload covers, for a person reading the manifest line. */
  contents: z.string(),
  payload: z.object({
    kind: z.enum(["pg_dump-custom", "pglite-datadir-tgz"]),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

export type Progress = (message: string) => void;

/** A stream that reports how many bytes passed, at most once a second. */
function counting(label: string, total: number, progress: Progress): Transform {
  let seen = 0;
  let last = Date.now();
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (Date.now() - last >= 1000) {
        last = Date.now();
        progress(`${label} ${mb(seen)} of ${mb(total)}`);
      }
      done(null, chunk);
    },
  });
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/**
 * Refuses to replace an existing file unless forced, and a place where no file can be
 * written (checked before any work; the first check again before the rename).
 */
export function checkWritable(file: string, force: boolean): void {
  if (!force && existsSync(file)) throw new FieldworkError("BACKUP_FILE_EXISTS", `${file} already exists. Pass --force to replace it.`);
  try {
    accessSync(dirname(file), constants.W_OK);
  } catch (error) {
    throw unwritable(file, error);
  }
  if (existsSync(file) && statSync(file).isDirectory()) throw unwritable(file, new Error("it is a directory"));
}

const unwritable = (file: string, error: unknown) =>
  new FieldworkError("BACKUP_FILE_UNWRITABLE", `Cannot write ${file}: ${(error as Error).message}.`);

/** File-system errors of writing the backup (no space, read-only…) as BACKUP_FILE_UNWRITABLE. */
function asWriteError(file: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code && /^E[A-Z]+$/.test(code) ? unwritable(file, error) : error;
}

/** A temporary path beside `file` (same directory, so the final rename stays on one filesystem). */
export const tempBeside = (file: string, tag: string) => join(dirname(file), `.${basename(file)}.${tag}-${randomBytes(4).toString("hex")}`);

/**
 * Writes `file` from a payload already on disk: the header, then the payload, through a
 * temporary file that is synced and renamed over `file`.
 */
export async function writeBackupFile(
  file: string, payloadPath: string, manifest: Omit<BackupManifest, "payload" | "format"> & { kind: BackupManifest["payload"]["kind"] },
  options: { force: boolean; progress: Progress },
): Promise<BackupManifest> {
  const { kind, ...rest } = manifest;
  const bytes = (await stat(payloadPath)).size;
  options.progress(`checksumming ${mb(bytes)}`);
  const full: BackupManifest = { format: 1, ...rest, payload: { kind, bytes, sha256: await sha256Of(payloadPath) } };
  const temp = tempBeside(file, "partial");
  try {
    const out = createWriteStream(temp, { mode: 0o600 });
    out.write(`${BACKUP_MAGIC}${JSON.stringify(full)}\n`);
    await pipeline(createReadStream(payloadPath), counting("writing", bytes, options.progress), out);
    const handle = await open(temp, "r+");
    await handle.sync();
    await handle.close();
    checkWritable(file, options.force);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw asWriteError(file, error);
  }
  return full;
}

const invalid = (file: string, why: string) => new FieldworkError("BACKUP_FILE_INVALID", `${file} is not a usable Fieldwork backup: ${why}. Nothing was restored.`);

/** A checked backup: its manifest and where its payload starts. */
export interface OpenedBackup { file: string; manifest: BackupManifest; payloadOffset: number }

/**
 * Reads and checks a backup file: the format line, the manifest, the file's size and the
 * payload's checksum. Throws BACKUP_FILE_NOT_FOUND or BACKUP_FILE_INVALID.
 */
export async function readBackupFile(file: string, progress: Progress): Promise<OpenedBackup> {
  let size: number;
  let head: Buffer;
  try {
    size = (await stat(file)).size;
    const handle = await open(file, "r");
    try {
      head = Buffer.alloc(Math.min(size, MAX_HEADER_BYTES));
      await handle.read(head, 0, head.length, 0);
    } finally {
      await handle.close();
    }
  } catch {
    throw new FieldworkError("BACKUP_FILE_NOT_FOUND", `${file} does not exist or cannot be read.`);
  }
  if (!head.subarray(0, BACKUP_MAGIC.length).equals(Buffer.from(BACKUP_MAGIC))) throw invalid(file, "it does not start with the backup format line");
  const end = head.indexOf(0x0a, BACKUP_MAGIC.length);
  if (end < 0) throw invalid(file, "its manifest line is missing or too long");
  let manifest: BackupManifest;
  try {
    manifest = BackupManifest.parse(JSON.parse(head.subarray(BACKUP_MAGIC.length, end).toString("utf8")));
  } catch {
    throw invalid(file, "its manifest cannot be read");
  }
  const payloadOffset = end + 1;
  if (size !== payloadOffset + manifest.payload.bytes) {
    throw invalid(file, `it has ${size - payloadOffset} payload bytes where its manifest says ${manifest.payload.bytes} (truncated?)`);
  }
  progress(`checking ${mb(manifest.payload.bytes)}`);
  const hash = createHash("sha256");
  await pipeline(createReadStream(file, { start: payloadOffset }), hash);
  if (hash.digest("hex") !== manifest.payload.sha256) throw invalid(file, "its checksum does not match (the file was altered or damaged)");
  return { file, manifest, payloadOffset };
}

/** The payload of a checked backup, as a stream. */
export function payloadStream(backup: OpenedBackup, progress: Progress): Readable {
  return createReadStream(backup.file, { start: backup.payloadOffset }).pipe(counting("restoring", backup.manifest.payload.bytes, progress));
}
