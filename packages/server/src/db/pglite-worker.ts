/**
 * The PGlite worker: PGlite (a WASM Postgres) runs here, in a `node:worker_threads` worker,
 * so a long statement blocks this thread and not the server's event loop. The server's
 * thread talks to it through pglite-client.ts; value parsers (type-parsers.ts) run here so
 * rows arrive already shaped. A normal module of the server: tsx runs it in development and
 * tests, the compiled build runs its .js.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { restrictDataDir } from "./data-dir";
import { serializeError, type WorkerReply, type WorkerRequest, type WorkerSettings } from "./pglite-protocol";
import { PARSERS } from "./type-parsers";

const port = parentPort!;
const post = (reply: WorkerReply) => port.postMessage(reply);

async function open({ dataDir, loadDataDir, pgliteWasmModule }: WorkerSettings): Promise<PGlite> {
  let dir: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    dir = join(dataDir, "pglite");
  }
  const pglite = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
    extensions: { pg_trgm },
    parsers: PARSERS,
    pgliteWasmModule,
  });
  if (dataDir) restrictDataDir(dataDir); // a first start unpacks PGlite's files with mode 0666
  return pglite;
}

const unlistens = new Map<string, () => Promise<void>>();

/** The reply to `request`, or undefined when it was already posted (a dump transfers its bytes). */
async function handle(pglite: PGlite, request: WorkerRequest): Promise<WorkerReply | undefined> {
  switch (request.op) {
    case "query": {
      const result = await pglite.query(request.sql, request.params);
      return { kind: "done", id: request.id, rows: result.rows, affectedRows: result.affectedRows };
    }
    case "listen": {
      if (!unlistens.has(request.channel)) {
        const channel = request.channel;
        unlistens.set(channel, await pglite.listen(channel, (payload) => post({ kind: "notify", channel, payload })));
      }
      return { kind: "done", id: request.id };
    }
    case "unlisten": {
      await unlistens.get(request.channel)?.();
      unlistens.delete(request.channel);
      return { kind: "done", id: request.id };
    }
    case "dump": {
      const tarball = await pglite.dumpDataDir(request.compression);
      const bytes = new Uint8Array(await tarball.arrayBuffer());
      port.postMessage({ kind: "done", id: request.id, bytes } satisfies WorkerReply, [bytes.buffer]);
      return undefined;
    }
    case "close":
      await pglite.close();
      return { kind: "done", id: request.id };
  }
}

try {
  const pglite = await open(workerData as WorkerSettings);
  port.on("message", (request: WorkerRequest) => {
    handle(pglite, request).then((reply) => reply && post(reply), (error: unknown) => post({ kind: "error", id: request.id, error: serializeError(error) }));
  });
  post({ kind: "ready" });
} catch (error) {
  post({ kind: "failed", error: serializeError(error) });
}
