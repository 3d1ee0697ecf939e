#!/usr/bin/env node
// The server build: each entry of SERVER_ENTRIES bundled with esbuild into packages/server/dist
// as ES modules, with @fieldwork/core and @fieldwork/web/ssr (TypeScript sources) inside and
// every other package left external (loaded from node_modules at run time). Dynamic imports
// of our own modules become chunks beside the entries, loaded when first needed.
import { build } from "esbuild";
import { readFile } from "node:fs/promises";
import { dirname, extname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_OUT_DIR = resolve(ROOT, "packages/server/dist");

/**
 * What `node` runs: output name → source. A new process or worker entry (a worker_threads
 * module, say) is one line here; the code that starts it finds it with
 * `entryUrl("<name>", new URL("./<source>.ts", import.meta.url))` (packages/server/src/entry-url.ts):
 * the built file in the build, the source under tests.
 */
export const SERVER_ENTRIES = {
  main: "packages/server/src/start.ts", // compile cache, then main.ts
  cli: "packages/server/src/cli/start.ts", // compile cache, then cli/main.ts
  "pglite-worker": "packages/server/src/db/pglite-worker.ts", // db/pglite-client.ts starts it
};

/** Every bare import outside our workspace stays an import of node_modules. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@fieldwork/") ? undefined : { external: true }));
  },
};

/**
 * `import.meta.url` of a source file, kept pointing at that file once bundled (so
 * `new URL("./demo-form.json", import.meta.url)` and `new URL("../dist/", import.meta.url)`
 * read what they read from source). All outputs share SERVER_OUT_DIR, so the path relative
 * to it holds for entries and chunks alike.
 */
const sourceUrls = {
  name: "source-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      const fromOut = relative(SERVER_OUT_DIR, args.path).split("\\").join("/");
      const contents = text.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromOut)}, import.meta.url).href`);
      return { contents, loader: extname(args.path) === ".tsx" ? "tsx" : "ts", resolveDir: dirname(args.path) };
    });
  },
};

/**
 * The output directory is not emptied first: chunks are named by their content hash, and a
 * server still running from an earlier build loads its lazy chunks (the page renderers) after
 * a rebuild. Old chunks are a few hundred kB; `rm -rf packages/server/dist` clears them.
 */
export async function buildServer() {
  await build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(SERVER_ENTRIES).map(([out, input]) => ({ in: input, out })),
    outdir: SERVER_OUT_DIR,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22.13",
    sourcemap: "linked",
    chunkNames: "[name]-[hash]", // beside the entries: sourceUrls relies on one directory
    jsx: "automatic",
    define: { __FIELDWORK_SERVER_BUILD__: "true" }, // entry-url.ts
    tsconfig: resolve(ROOT, "tsconfig.json"),
    plugins: [externalPackages, sourceUrls],
    logLevel: "warning",
    // ssr.tsx's doc comment quotes the pragma; the pragma itself is on its first line.
    logOverride: { "unsupported-jsx-comment": "silent" },
    metafile: false,
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.log(`Built the server into ${relative(ROOT, SERVER_OUT_DIR)} in ${Math.round(performance.now() - started)} ms`);
}
