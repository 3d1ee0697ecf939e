/**
 * The workbench is a client-rendered app: every GET for a page that no other route serves
 * (`/`, `/sign-in`, `/{org}/{project}/{document_id}/…`, or any basepath) gets its shell.
 * Paths of the public and API prefixes keep their own 404s.
 */
import { FieldworkError } from "@fieldwork/core";
import { loadPageAssets, WORKBENCH_ENTRY } from "@fieldwork/web/ssr-assets";
import type { FastifyInstance, FastifyReply } from "fastify";

const NOT_WORKBENCH = /^\/(d|v1|api|private|internal|assets|submit|healthz)(\/|$)/;

export async function workbenchRoutes(app: FastifyInstance): Promise<void> {
  const assets = loadPageAssets(undefined, WORKBENCH_ENTRY);
  // The renderers (React's server renderer) load with the first page, not with the server.
  const shell = async (reply: FastifyReply) => {
    const { renderWorkbenchShell } = await import("@fieldwork/web/ssr");
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(renderWorkbenchShell({ assets }));
  };

  app.get("/", { config: { html: true } }, async (_request, reply) => shell(reply));
  app.get("/*", { config: { html: true } }, async (request, reply) => {
    if (NOT_WORKBENCH.test(request.url)) throw new FieldworkError("NOT_FOUND");
    return shell(reply);
  });
}
