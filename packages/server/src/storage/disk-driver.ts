/**
 * Files on local disk under one root (default `DATA_DIR/storage`): folders 0700, files 0600.
 * A put streams into `.tmp/` under the root (file-sink.ts: batched writes, one fsync), then
 * renames into place, so a reader sees the old object or the whole new one, never half a
 * file; concurrent puts to one key each write their own temporary file and the last rename
 * wins. The type of an object is sniffed from its first bytes (the disk keeps no metadata
 * beside the bytes).
 */
import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, rename, rm, rmdir, stat, unlink, type FileHandle } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { FieldworkError } from "@fieldwork/core";
import type { ByteRange, PutOptions, StorageDriver, StoredObject } from "./driver";
import { FileSink } from "./file-sink";
import { sniffType, SNIFF_BYTES } from "./sniff";

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
const TMP_DIR = ".tmp";
/**
 * A temporary file older than this belongs to a put that died with its process (kill -9, a
 * crash): no upload lives this long (UPLOAD_DEADLINE_MS is 10 minutes). Swept when the driver
 * starts and at most once per STALE_TEMP_MS after.
 */
export const STALE_TEMP_MS = 60 * 60_000;

export class DiskDriver implements StorageDriver {
  readonly kind = "disk" as const;
  readonly root: string;
  private ready: Promise<void> | undefined;
  private sweptAt = 0;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of a key; refuses (again) anything that would resolve outside the root. */
  pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new FieldworkError("STORAGE_KEY_INVALID");
    return path;
  }

  async put(key: string, body: NodeJS.ReadableStream, options: PutOptions): Promise<StoredObject> {
    const target = this.pathOf(key);
    await this.prepare();
    if (Date.now() - this.sweptAt > STALE_TEMP_MS) void this.sweepStaleTemporaries().catch(() => undefined);
    const temp = join(this.root, TMP_DIR, randomUUID());
    const handle = await open(temp, "wx", FILE_MODE);
    // Counts, caps, batches the writes and fsyncs once at the end, so the rename below publishes whole bytes.
    const sink = new FileSink(handle, options.maxBytes);
    try {
      await pipeline(body, sink, ...(options.signal ? [{ signal: options.signal }] : []));
      await handle.close();
      await renameInto(temp, target);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(temp, { force: true });
      throw error;
    }
    return { key, size: sink.bytes, contentType: sink.contentType, lastModified: (await stat(target)).mtime };
  }

  async get(key: string, options?: { signal?: AbortSignal; range?: ByteRange }) {
    const handle = await this.openFile(key);
    if (!handle) return null;
    try {
      const object = await this.describe(key, handle);
      const range = options?.range;
      const body = handle.createReadStream({
        start: range?.start ?? 0, ...(range ? { end: Math.min(range.end, object.size - 1) } : {}), ...(options?.signal ? { signal: options.signal } : {}),
      });
      return { body, object };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    const handle = await this.openFile(key);
    if (!handle) return null;
    try {
      return await this.describe(key, handle);
    } finally {
      await handle.close();
    }
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    if (!(await isFile(source))) throw new FieldworkError("STORAGE_OBJECT_NOT_FOUND");
    try {
      await renameInto(source, target);
    } catch (error) {
      if (isMissing(error) && !(await isFile(source))) throw new FieldworkError("STORAGE_OBJECT_NOT_FOUND");
      throw error;
    }
    await this.pruneEmptyFolders(dirname(source));
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const path = this.pathOf(key);
      try {
        await unlink(path);
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === "EISDIR") continue;
        throw error;
      }
      await this.pruneEmptyFolders(dirname(path));
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
    const start = folder === "" ? this.root : this.pathOf(folder);
    for await (const path of walk(start, this.root)) {
      const key = relative(this.root, path).split(sep).join("/");
      if (!key.startsWith(prefix)) continue;
      const object = await this.head(key);
      if (object) yield object;
    }
  }

  private async openFile(key: string): Promise<FileHandle | null> {
    try {
      const handle = await open(this.pathOf(key), "r");
      if ((await handle.stat()).isFile()) return handle;
      await handle.close();
      return null;
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === "EISDIR") return null;
      throw error;
    }
  }

  private async describe(key: string, handle: FileHandle): Promise<StoredObject> {
    const stats = await handle.stat();
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, stats.size));
    if (head.length > 0) await handle.read(head, 0, head.length, 0);
    return { key, size: stats.size, contentType: sniffType(head), lastModified: stats.mtime };
  }

  /** Removes the temporary files of puts that never finished (older than STALE_TEMP_MS). */
  async sweepStaleTemporaries(now = Date.now()): Promise<number> {
    this.sweptAt = now;
    const folder = join(this.root, TMP_DIR);
    let removed = 0;
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      const path = join(folder, name);
      const stats = await stat(path).catch(() => undefined);
      if (stats && now - stats.mtimeMs > STALE_TEMP_MS) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private prepare(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.root, { recursive: true, mode: DIR_MODE });
      await mkdir(join(this.root, TMP_DIR), { recursive: true, mode: DIR_MODE });
    })();
    return this.ready;
  }

  /** Removes the folders a move or delete emptied, up to (not including) the root. */
  private async pruneEmptyFolders(folder: string): Promise<void> {
    for (let dir = folder; dir.startsWith(this.root + sep); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or already gone): stop
      }
    }
  }
}

/** Every file under `folder`, skipping the root's reserved folders (`.tmp`, `.cache`). */
async function* walk(folder: string, root: string): AsyncIterable<string> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === "ENOTDIR") return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (folder === root && entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) yield* walk(path, root);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Renames a file to target, making target's folders; a folder emptied and pruned by a
 * concurrent delete between the two steps is made again (a few tries).
 */
async function renameInto(source: string, target: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await mkdir(dirname(target), { recursive: true, mode: DIR_MODE });
    try {
      await rename(source, target);
      break;
    } catch (error) {
      if (!isMissing(error) || attempt >= 5 || !(await isFile(source))) throw error;
    }
  }
  await syncDirectory(dirname(target));
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

async function syncDirectory(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const isMissing = (error: unknown) => ["ENOENT", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "");
