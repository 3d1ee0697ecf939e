/**
 * The server thread's side of the PGlite worker (pglite-worker.ts): statements and LISTENs
 * go to the worker as messages and come back as promises, so the event loop keeps serving
 * (health checks, cached pages, slow clients' writes) while PGlite runs a long statement.
 * The worker holds the process open only while a request is pending, as PGlite in this
 * thread did. If the worker dies, pending and later requests fail with its error.
 */
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { entryUrl } from "../entry-url";
import { Worker } from "node:worker_threads";
import { deserializeError, type WorkerReply, type WorkerRequest, type WorkerSettings } from "./pglite-protocol";

export interface PGliteResult<R> { rows: R[]; affectedRows?: number | undefined }
type OnPayload = (payload: string) => void;
type Pending = { resolve: (reply: Extract<WorkerReply, { kind: "done" }>) => void; reject: (error: Error) => void };
type Request = WorkerRequest extends infer T ? T extends { id: number } ? Omit<T, "id"> : never : never;

/** The worker's file: its .ts source beside this one under tsx, `dist/pglite-worker.js` once built (entry-url.ts). */
export function workerUrl(): URL {
  return entryUrl("pglite-worker", new URL("./pglite-worker.ts", import.meta.url));
}

/** tsx's ESM register API, found from here (an eval'd worker would resolve from the working directory). */
const tsxApi = () => pathToFileURL(join(dirname(createRequire(import.meta.url).resolve("tsx/package.json")), "dist/esm/api/index.mjs")).href;

/**
 * PGlite's WebAssembly, compiled once per process and handed to every worker it starts. V8
 * shares a compiled module's code between the threads of a process, so a further PGlite
 * neither compiles its 9 MB of WebAssembly again nor optimizes its hot functions again. A
 * server opens one; the tests open hundreds, where this took the CPU of a worker's open,
 * 200 queries and close from ~6 s to ~2 s (docs/ARCHITECTURE.md, "Testing and CI speed").
 */
let compiled: Promise<WebAssembly.Module> | undefined;

function compiledPGlite(): Promise<WebAssembly.Module> {
  compiled ??= readFile(join(dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "pglite.wasm"))
    .then((bytes) => WebAssembly.compile(bytes))
    .catch((error: unknown) => {
      compiled = undefined;
      throw error;
    });
  return compiled;
}

export class PGliteClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #channels = new Map<string, Set<OnPayload>>();
  #nextId = 1;
  #dead: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.unref();
    worker.on("message", (reply: WorkerReply) => this.#receive(reply));
    worker.on("error", (error) => this.#fail(error));
    worker.on("exit", (code) => this.#fail(new Error(`the PGlite worker exited (code ${code})`)));
  }

  /** Starts the worker and waits until PGlite is open (migrations are the caller's). */
  static async start(settings: Omit<WorkerSettings, "pgliteWasmModule">): Promise<PGliteClient> {
    const url = workerUrl();
    const workerData: WorkerSettings = { ...settings, pgliteWasmModule: await compiledPGlite() };
    // Under tsx the worker is TypeScript too; Node 20 does not apply `--import tsx` to a
    // worker's entry, so a one-line bootstrap registers tsx in the worker first.
    const worker = url.pathname.endsWith(".ts")
      ? new Worker(`import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`, { eval: true, workerData })
      : new Worker(url, { workerData });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (reply: WorkerReply) => {
        if (reply.kind === "ready") resolve();
        else if (reply.kind === "failed") reject(deserializeError(reply.error));
        else return;
        worker.off("message", onMessage);
        worker.off("error", reject);
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new PGliteClient(worker);
  }

  async query<R>(sql: string, params: readonly unknown[] = []): Promise<PGliteResult<R>> {
    const reply = await this.#send({ op: "query", sql, params: [...params] });
    return { rows: (reply.rows ?? []) as R[], affectedRows: reply.affectedRows };
  }

  /** Calls `onPayload` with each NOTIFY on `channel`; resolves once LISTEN ran. */
  async listen(channel: string, onPayload: OnPayload): Promise<() => Promise<void>> {
    let callbacks = this.#channels.get(channel);
    if (!callbacks) {
      this.#channels.set(channel, (callbacks = new Set()));
      try {
        await this.#send({ op: "listen", channel });
      } catch (error) {
        this.#channels.delete(channel);
        throw error;
      }
    }
    const own: OnPayload = (payload) => onPayload(payload);
    callbacks.add(own);
    return async () => {
      if (!callbacks.delete(own) || callbacks.size > 0 || this.#channels.get(channel) !== callbacks) return;
      this.#channels.delete(channel);
      await this.#send({ op: "unlisten", channel });
    };
  }

  /** Stops every LISTEN of this client and forgets its callbacks (a PGlite reused by the tests). */
  async unlistenAll(): Promise<void> {
    const channels = [...this.#channels.keys()];
    this.#channels.clear();
    for (const channel of channels) await this.#send({ op: "unlisten", channel });
  }

  /** Whether the worker is gone (closed, crashed or exited). */
  get dead(): boolean {
    return this.#dead !== null;
  }

  /** PGlite's data directory as a tarball (`dumpDataDir`); callers hold the driver's connection meanwhile. */
  async dumpDataDir(compression: "gzip" | "none" = "gzip"): Promise<Blob> {
    const reply = await this.#send({ op: "dump", compression });
    return new Blob([reply.bytes ?? new Uint8Array()]);
  }

  /** Throws the worker's end when it died or was closed. */
  assertAlive(): void {
    if (this.#dead) throw this.#dead;
  }

  /** Closes PGlite (its files flushed) and ends the worker. */
  async close(): Promise<void> {
    if (this.#dead) return;
    await this.#send({ op: "close" }).catch(() => undefined);
    this.#dead = new Error("PGlite is closed");
    await this.#worker.terminate();
  }

  #send(request: Request): Promise<Extract<WorkerReply, { kind: "done" }>> {
    if (this.#dead) return Promise.reject(this.#dead);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  #settle(id: number): Pending | undefined {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
    return pending;
  }

  #receive(reply: WorkerReply): void {
    switch (reply.kind) {
      case "done": this.#settle(reply.id)?.resolve(reply); break;
      case "error": this.#settle(reply.id)?.reject(deserializeError(reply.error)); break;
      case "notify":
        for (const callback of this.#channels.get(reply.channel) ?? []) {
          try {
            callback(reply.payload);
          } catch (error) {
            console.warn(`[fieldwork] a LISTEN callback failed: ${(error as Error).message}`);
          }
        }
        break;
      default: break;
    }
  }

  #fail(error: Error): void {
    this.#dead ??= error;
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      pending.reject(error);
    }
  }
}
