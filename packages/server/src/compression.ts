/**
 * Every text answer goes out compressed: brotli when the client accepts it, else gzip.
 *
 * - Pages and JSON are compressed per answer (@fastify/compress), brotli at quality 5: the
 *   demo form's 70 kB page takes about a millisecond and comes out at 12 kB, 10% more than
 *   quality 11 gives in 75 ms. Answers under 1 KB stay as they are (a packet carries them).
 * - Built assets (`/assets/*`) are compressed once by the web build (`.br` and `.gz` beside
 *   each file, packages/web/vite-precompress.ts) and sent as they are by @fastify/static
 *   with `preCompressed`; the compressed variants already set, @fastify/compress leaves
 *   them alone.
 *
 * Register before any route: @fastify/compress hooks the routes declared after it.
 */
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, FastifyReply } from "fastify";
import { constants } from "node:zlib";

export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = 6;
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Content types compressed per answer (the same as @fastify/compress's own test, less octet-stream). */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/](?:json|xml|javascript)(?:;|$)/;

/** Adds `accept-encoding` to Vary unless it is there (or Vary is `*`). */
function varyOnAcceptEncoding(reply: FastifyReply) {
  const current = reply.getHeader("vary");
  const values = [current ?? []].flat().flatMap((v) => String(v).split(",")).map((v) => v.trim()).filter(Boolean);
  if (values.some((v) => v === "*" || v.toLowerCase() === "accept-encoding")) return;
  reply.header("vary", [...values, "accept-encoding"].join(", "));
}

export async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    // Answers only: request bodies are read as sent, never inflated (a small gzip body can
    // inflate to far more than the body limit was meant to let in).
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    },
    zlibOptions: { level: GZIP_LEVEL },
  });
  // @fastify/compress marks Vary only on the answers it compressed; an answer that went out
  // plain because this client asked for no encoding depends on Accept-Encoding all the same,
  // and a shared cache must not hand it to the next client.
  app.addHook("onSend", async (_request, reply, payload) => {
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && COMPRESSIBLE.test(type)) varyOnAcceptEncoding(reply);
    return payload;
  });
}
