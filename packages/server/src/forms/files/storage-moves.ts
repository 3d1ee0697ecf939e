/**
 * Staged files into their answers' folders (migration 0017 `storage_move`). A submit writes
 * its row with each file's final path and one move per staged file in one transaction; this
 * job performs the moves and deletes them. A move is idempotent: the object already at its
 * destination (a crash after the move, before the delete) only loses its source copy. Until
 * a file is moved, `locateStoredFile` finds its bytes at the staged key.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import type { StorageDriver, StoredObject } from "../../storage/driver";
import { runStorageDeletes } from "./storage-deletes";

const BATCH = 100;

/**
 * Performs pending moves (oldest first); returns how many were done. A move that fails (the
 * store unreachable, a key it refuses) is logged and left for the next pass; it never holds
 * back the moves after it.
 */
export async function runStorageMoves(db: Kysely<DB>, storage: StorageDriver, log?: FastifyBaseLogger): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    const moves = await db.selectFrom("storage_move").select(["id", "from_key", "to_key"])
      .where("id", ">", after).orderBy("id").limit(BATCH).execute();
    for (const move of moves) {
      after = Number(move.id);
      try {
        await moveOnce(storage, move.from_key, move.to_key);
        await db.deleteFrom("storage_move").where("id", "=", move.id).execute();
        done++;
      } catch (error) {
        log?.error({ err: error, from: move.from_key, to: move.to_key }, "storage move failed; it is retried");
      }
    }
    if (moves.length < BATCH) return done;
  }
}

async function moveOnce(storage: StorageDriver, from: string, to: string): Promise<void> {
  const [source, target] = await Promise.all([storage.head(from), storage.head(to)]);
  if (source && target) return storage.delete([from]);
  if (!source) return; // done by another instance, or the answer was deleted (and its files with it)
  try {
    await storage.move(from, to);
  } catch (error) {
    // Another instance moved it meanwhile: the object is where it belongs.
    if (!(await storage.head(to))) throw error;
  }
}

/** The object a stored answer's path names: at the path, or still at its staged key. */
export async function locateStoredFile(db: Kysely<DB>, storage: StorageDriver, path: string): Promise<{ key: string; object: StoredObject } | null> {
  const object = await storage.head(path);
  if (object) return { key: path, object };
  const move = await db.selectFrom("storage_move").select("from_key").where("to_key", "=", path).executeTakeFirst();
  const staged = move ? await storage.head(move.from_key) : null;
  if (move && staged) return { key: move.from_key, object: staged };
  // The move may have finished between the two looks.
  const moved = await storage.head(path);
  return moved ? { key: path, object: moved } : null;
}

export interface StorageMoves {
  /** Runs the moves, then the deletes (storage-deletes.ts), now; resolves once a full pass after the call is done. */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs the moves now, and every `everyMs` for moves a crash or a failure left (a start runs
 * those at once); the returned `stop` ends it.
 */
export function scheduleStorageMoves(db: Kysely<DB>, storage: StorageDriver, log: FastifyBaseLogger, everyMs = 30_000): StorageMoves {
  let running: Promise<void> | null = null;
  let again = false;
  const kick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await runStorageMoves(db, storage, log).catch((error: unknown) => log.error({ err: error }, "storage moves failed"));
        // Then the files of deleted answers (after the moves: a moved file lands where its delete looks).
        await runStorageDeletes(db, storage, log).catch((error: unknown) => log.error({ err: error }, "storage deletes failed"));
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void kick(), everyMs);
  timer.unref();
  void kick();
  return {
    kick,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
