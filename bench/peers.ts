/**
 * The peers bench:respondent measures in the same run as ours: the same page shell (the
 * plain copy's head: same CSS, same fonts) with an empty body that a script fills with the
 * demo form's first section — "vanilla JS" (DOM calls, bench/peer-vanilla.ts) and "React
 * alone" (React 19's createRoot, bench/peer-react.tsx), each bundled here by esbuild,
 * minified and in production mode, served compressed like ours.
 */
import { readFileSync } from "node:fs";
import { build } from "esbuild";
import { PEER_FORM_ID, PEER_ROOT_ID, peerForm, type FormDefinitionFile } from "./peer-form";
import type { ServedFile } from "./plain-page";

export interface Peer { name: string; path: string }
export const PEERS: Peer[] = [
  { name: "vanilla JS", path: "/peer/vanilla" },
  { name: "React alone", path: "/peer/react" },
];

const DEMO_FORM = new URL("../packages/server/src/seed/demo-form.json", import.meta.url);

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [new URL(entry, import.meta.url).pathname], bundle: true, minify: true, format: "esm", target: "es2022",
    write: false, jsx: "automatic", define: { "process.env.NODE_ENV": '"production"' }, logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

/** The peers' pages and scripts, keyed by path, built on the plain copy's head. */
export async function peerFiles(plainHtml: string): Promise<Record<string, ServedFile>> {
  const form = peerForm(JSON.parse(readFileSync(DEMO_FORM, "utf8")) as FormDefinitionFile);
  const head = plainHtml.slice(0, plainHtml.search(/<body\b/i));
  const json = JSON.stringify(form).replace(/</g, "\\u003c");
  const page = (script: string): ServedFile => ({
    type: "text/html; charset=utf-8",
    body: `${head}<body><main id="${PEER_ROOT_ID}" class="fw-peer"></main><script type="application/json" id="${PEER_FORM_ID}">${json}</script>`
      + `<script type="module" src="${script}"></script></body></html>`,
  });
  const [vanilla, react] = await Promise.all([bundle("./peer-vanilla.ts"), bundle("./peer-react.tsx")]);
  return {
    "/peer/vanilla": page("/peer/vanilla.js"),
    "/peer/vanilla.js": { type: "text/javascript", body: vanilla },
    "/peer/react": page("/peer/react.js"),
    "/peer/react.js": { type: "text/javascript", body: react },
  };
}
