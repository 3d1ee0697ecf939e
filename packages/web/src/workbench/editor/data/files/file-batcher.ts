/**
 * Resolving file references for many rows at once (spec 3 §7, §9): requests for single rows
 * are gathered for 500 ms, sent in batches of at most 100 rows, with at most 20 batches in
 * flight. Each caller gets its own row's answer; a failed batch rejects its callers (their
 * cells show ERROR). `load` is the call (the storage pool endpoint), given for tests.
 */
import { STORAGE_POOL_CONCURRENCY, STORAGE_POOL_MAX_ROWS, STORAGE_POOL_THROTTLE_MS } from "@fieldwork/core";

export type PoolAnswer = Record<string, Record<string, unknown>>;

export interface FileBatcherOptions {
  load: (rowKeys: string[]) => Promise<PoolAnswer>;
  batchSize?: number;
  throttleMs?: number;
  concurrency?: number;
}

interface Waiter { resolve: (files: Record<string, unknown>) => void; reject: (error: unknown) => void }

export interface FileBatcher {
  /** The files of one row, by attribute (column name). */
  request: (rowKey: string) => Promise<Record<string, unknown>>;
  /** Batches sent so far (for tests and the bench). */
  readonly sent: number;
}

export function createFileBatcher(options: FileBatcherOptions): FileBatcher {
  const batchSize = options.batchSize ?? STORAGE_POOL_MAX_ROWS;
  const throttleMs = options.throttleMs ?? STORAGE_POOL_THROTTLE_MS;
  const concurrency = options.concurrency ?? STORAGE_POOL_CONCURRENCY;
  const pending = new Map<string, Waiter[]>();
  const queue: Map<string, Waiter[]>[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let active = 0;
  let sent = 0;

  const pump = () => {
    while (active < concurrency && queue.length > 0) {
      const batch = queue.shift()!;
      active += 1;
      sent += 1;
      options.load([...batch.keys()]).then(
        (answer) => batch.forEach((waiters, key) => waiters.forEach((w) => w.resolve(answer[key] ?? {}))),
        (error: unknown) => batch.forEach((waiters) => waiters.forEach((w) => w.reject(error))),
      ).finally(() => {
        active -= 1;
        pump();
      });
    }
  };

  const flush = () => {
    timer = null;
    let batch = new Map<string, Waiter[]>();
    for (const [key, waiters] of pending) {
      batch.set(key, waiters);
      if (batch.size === batchSize) {
        queue.push(batch);
        batch = new Map();
      }
    }
    if (batch.size > 0) queue.push(batch);
    pending.clear();
    pump();
  };

  return {
    request(rowKey) {
      return new Promise((resolve, reject) => {
        const waiters = pending.get(rowKey) ?? [];
        waiters.push({ resolve, reject });
        pending.set(rowKey, waiters);
        timer ??= setTimeout(flush, throttleMs);
      });
    },
    get sent() {
      return sent;
    },
  };
}
