/**
 * The baseline of bench:respondent: the demo form's own HTML with every `<script>` element
 * and modulepreload link removed and its stylesheets inline — what the page would be with
 * no JavaScript at all. A tiny HTTP server sends it compressed like the real server sends
 * HTML, and passes every other path (fonts under /assets) through to the real server.
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

/** Serves `html` at `/` on 127.0.0.1 (any free port); other paths go to `origin`. */
export async function servePlainPage(html: string, origin: string): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(origin);
  const raw = Buffer.from(html);
  const server: Server = createServer((req, res) => {
    if (req.url !== "/") return proxy(target, req, res);
    const { encoding, body } = compressFor(req.headers["accept-encoding"], raw);
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
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
