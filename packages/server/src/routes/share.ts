/**
 * What crawlers and link previews read (issue 22 item 7): a form's share card
 * (`/d/e/{form_id}/og.png`, the Open Graph image), `/robots.txt` and `/favicon.ico`. The
 * last two are plain files: without them both paths fell through to the workbench's page.
 */
import { FormParams, robotsTxt, shareCardVersion, sharePreviewOf } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { stylesheetOf } from "../forms/form-document";
import { loadPublishedForm } from "../forms/preload";
import { favicon } from "../share/favicon";
import { ShareCards } from "../share/share-cards";

/** `?v={version}`: the card of that version may be cached for good (the URL changes with what it draws). */
const CardQuery = z.object({ v: z.string().max(20).optional() });

const YEAR = "public, max-age=31536000, immutable";
/** An image is never a document: no scripts, no sub-resources, even opened on its own. */
const IMAGE_POLICY = "default-src 'none'; sandbox";

export async function shareRoutes(fastify: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cards = new ShareCards();
  const site = new URL(options.publicUrl).host;

  app.get("/d/e/:form_id/og.png", {
    config: { rate_limit: "read" },
    schema: { params: FormParams, querystring: CardQuery },
  }, async (request, reply) => {
    const { form, document, blocks } = await loadPublishedForm(app.db, request.params.form_id);
    const preview = sharePreviewOf({ title: form.title, description: form.description, blocks });
    const stylesheet = stylesheetOf(document);
    const version = shareCardVersion(preview, stylesheet);
    const { shareCardSvg } = await import("@fieldwork/web/ssr");
    const png = await cards.png({
      key: `${form.id}:${version}`,
      svg: () => shareCardSvg({ ...preview, palette: stylesheet.palette, appearance: stylesheet.appearance, site }),
    });
    return reply
      .type("image/png")
      .header("cache-control", request.query.v === version ? YEAR : "public, max-age=300")
      .header("content-security-policy", IMAGE_POLICY)
      .header("content-disposition", 'inline; filename="og.png"')
      .send(png);
  });

  app.get("/robots.txt", async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(robotsTxt()));

  app.get("/favicon.ico", async (_request, reply) =>
    reply.type("image/x-icon").header("cache-control", "public, max-age=86400").header("content-security-policy", IMAGE_POLICY).send(await favicon()));
}
