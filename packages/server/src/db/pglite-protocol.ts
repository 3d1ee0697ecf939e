/**
 * The messages between the server's thread and the PGlite worker (pglite-worker.ts). One
 * request at a time is in flight per connection (the driver's queue sees to that); the
 * worker answers each by its id, and posts notifications of the channels it listens on.
 */

/** Where the worker keeps PGlite's files; none keeps it in memory (tests). */
export interface WorkerSettings {
  dataDir?: string | undefined;
  /** Start from this dump of a data directory (`dumpDataDir`'s tarball); tests copy a migrated template. */
  loadDataDir?: Uint8Array<ArrayBuffer> | undefined;
  /** PGlite's WebAssembly, compiled once by the process (pglite-client.ts). */
  pgliteWasmModule: WebAssembly.Module;
}

export type WorkerRequest =
  | { id: number; op: "query"; sql: string; params: unknown[] }
  | { id: number; op: "listen"; channel: string }
  | { id: number; op: "unlisten"; channel: string }
  | { id: number; op: "dump"; compression: "gzip" | "none" }
  | { id: number; op: "close" };

/** What a failed statement carries: its message and Postgres's fields (code, detail, constraint…). */
export type SerializedError = { message: string; fields: Record<string, unknown> };

export type WorkerReply =
  | { kind: "ready" }
  | { kind: "failed"; error: SerializedError }
  | { kind: "done"; id: number; rows?: unknown[]; affectedRows?: number | undefined; bytes?: Uint8Array<ArrayBuffer> }
  | { kind: "error"; id: number; error: SerializedError }
  | { kind: "notify"; channel: string; payload: string };

/** An error's message and own fields, as structured clone carries them. */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function" || (typeof value === "object" && value !== null)) continue;
    fields[key] = value;
  }
  return { message: error.message, fields };
}

/** The error again on this side, with the same `code`, `detail`… that pg-errors.ts reads. */
export function deserializeError({ message, fields }: SerializedError): Error {
  return Object.assign(new Error(message), fields);
}
