/**
 * `GET /embed.js` (EMBED_SCRIPT_PATH): the embed script built by scripts/build-embed.mjs,
 * read once at start. Other sites load it with a script tag, so it is cacheable for a short
 * while (one address for every version: a fix reaches pages within the hour) and marked for
 * cross-origin use. Without a build it answers like any unknown address (the not-found handler).
 */
import { existsSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { EMBED_SCRIPT_PATH } from "@fieldwork/core";
import { WEB_DIST_DIR } from "@fieldwork/web/ssr-assets";
import type { FastifyInstance } from "fastify";

export const EMBED_SCRIPT_MAX_AGE_S = 3600;

export async function embedScriptRoute(app: FastifyInstance, options: { file?: string } = {}): Promise<void> {
  const file = options.file ?? `${WEB_DIST_DIR}embed.js`;
  const script = existsSync(file) ? readFileSync(file) : null;
  const etag = script ? `"${createHash("sha256").update(script).digest("base64url").slice(0, 22)}"` : "";
  app.get(EMBED_SCRIPT_PATH, { config: { rate_limit: "read" } }, async (request, reply) => {
    if (!script) return reply.callNotFound();
    reply.header("cache-control", `public, max-age=${EMBED_SCRIPT_MAX_AGE_S}`).header("etag", etag)
      .header("cross-origin-resource-policy", "cross-origin");
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type("text/javascript; charset=utf-8").send(script);
  });
}
