/**
 * Where to start a process or `worker_threads` entry listed in SERVER_ENTRIES
 * (scripts/build-server.mjs) from: `packages/server/dist/<name>.js` in the built server,
 * `source` (its TypeScript file) when the server runs from source (tests, tsx). For example
 * `new Worker(entryUrl("pglite-worker", new URL("./pglite-worker.ts", import.meta.url)))`.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** `true` in the built server (esbuild's `define`); not defined when running from source. */
declare const __FIELDWORK_SERVER_BUILD__: boolean | undefined;

export function entryUrl(name: string, source: URL): URL {
  if (typeof __FIELDWORK_SERVER_BUILD__ === "undefined") return source;
  // The build's entries and chunks share one directory, so this module's own is theirs.
  return pathToFileURL(join(import.meta.dirname, `${name}.js`));
}
