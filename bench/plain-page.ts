/**
 * The baseline of bench:respondent: the demo form's own HTML with every `<script>` element
 * and modulepreload link removed and its stylesheets inline — what the page would be with
 * no JavaScript at all. A tiny HTTP server sends it compressed like the real server sends
 * HTML, and passes every other path (fonts under /assets) through to the real server; the
 * peers' pages and scripts (bench/peers.ts) are served the same way.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { BROTLI_QUALITY, GZIP_LEVEL } from "../packages/server/src/compression";

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;
const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi;
const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/gi;

/** The page without scripts, with `<link rel=stylesheet>` replaced by the sheet's text. */
export async function plainCopy(html: string, origin: string): Promise<string> {
  const sheets = new Map<string, string>();
  for (const [, href] of html.matchAll(STYLESHEET)) {
    const response = await fetch(new URL(href!, origin));
    if (!response.ok) throw new Error(`stylesheet ${href} answered ${response.status}`);
    sheets.set(href!, await response.text());
  }
  return html
    .replace(SCRIPT, "")
    .replace(MODULEPRELOAD, "")
    .replace(STYLESHEET, (_tag, href: string) => `<style>${sheets.get(href)}</style>`);
}

/** What a client that sent this Accept-Encoding gets: brotli, else gzip, else the bytes as they are. */
export function compressFor(acceptEncoding: string | undefined, body: Buffer): { encoding?: string; body: Buffer } {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) {
    return { encoding: "br", body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) };
  }
  if (/\bgzip\b/.test(accepted)) return { encoding: "gzip", body: gzipSync(body, { level: GZIP_LEVEL }) };
  return { body };
}

function proxy(target: URL, req: IncomingMessage, res: ServerResponse) {
  const upstream = request(
    { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => res.destroy());
  req.pipe(upstream);
}

/** A page or script a bench serves itself: its content type and its text. */
export interface ServedFile { type: string; body: string }

/** Serves `html` at `/` on 127.0.0.1 (any free port); other paths go to `origin`. */
export const servePlainPage = (html: string, origin: string) => serveFiles({ "/": { type: "text/html; charset=utf-8", body: html } }, origin);

/**
 * Serves `files` by path on 127.0.0.1 (any free port), each compressed like the server
 * compresses (brotli, else gzip); other paths go to `origin`.
 */
export async function serveFiles(files: Record<string, ServedFile>, origin: string): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(origin);
  const raw = new Map(Object.entries(files).map(([path, file]) => [path, { type: file.type, body: Buffer.from(file.body) }]));
  const server: Server = createServer((req, res) => {
    const file = raw.get(req.url ?? "");
    if (!file) return proxy(target, req, res);
    const { encoding, body } = compressFor(req.headers["accept-encoding"], file.body);
    res.writeHead(200, {
      "content-type": file.type,
      "cache-control": "no-store",
      vary: "accept-encoding",
      ...(encoding ? { "content-encoding": encoding } : {}),
      "content-length": body.length,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
