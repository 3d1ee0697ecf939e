/**
 * Headers on every answer: no MIME sniffing, no full URLs in Referer to other sites, and no
 * framing except for the public form pages (`/d/…`, which embeds put in an iframe). The
 * workbench in someone else's frame could be clicked blind ("Delete organization").
 */
import type { FastifyInstance } from "fastify";

/** Public form and status pages, which sites embed. */
export const isEmbeddable = (url: string) => url === "/d" || url.startsWith("/d/");

export function securityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    if (!isEmbeddable(request.url)) {
      reply.header("x-frame-options", "DENY");
      reply.header("content-security-policy", "frame-ancestors 'none'");
    }
    return payload;
  });
}
