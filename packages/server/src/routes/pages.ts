/** The public form page `/d/e/{form_id}` and its status pages (spec 1 §2.1), rendered here. */
import {
  errorPagePath, FieldworkError, formPath, PARAM, publicFormCardUrl, publicFormUrl, safeUrlOrUndefined, shareCardVersion, sharePreviewOf,
  START_PARAM, submitPath, type FormPage, type FormPreload,
} from "@fieldwork/core";
import { COVER_ENTRY, loadPageAssets, type PageAssets } from "@fieldwork/web/ssr-assets";
import type { ShareMeta } from "@fieldwork/web/ssr";
import type { FastifyInstance, FastifyReply } from "fastify";
import { endingOf, stylesheetOf } from "../forms/form-document";
import { namedCustomerId } from "../forms/customer";
import { cachedFormRecord, loadFormRecord } from "../forms/form-record";
import { preloadForm } from "../forms/preload";
import { coverToShow } from "../forms/cover";
import type { AnswersRefused } from "../forms/submit/answers-refused";
import { postedDefaults } from "./posted-defaults";
import { cookieValue, flatQuery } from "./public";
import { allowFormRedirect } from "./security-headers";

const STATUS_PAGES = new Set<string>([
  "developererror", "badrequest", "formclosed", "alreadyresponded", "formsoldout", "formoptionsoldout", "complete", "outdated",
] satisfies FormPage[]);

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(body);

/** The renderers (React's server renderer with them) load with the first page, not with the server. */
const renderers = () => import("@fieldwork/web/ssr");

/** The link preview of a form page: description, canonical URL, Open Graph and Twitter card (issue 22 item 7). */
function shareMetaOf(app: FastifyInstance, preload: FormPreload, publicUrl: string, width: number, height: number): ShareMeta {
  const preview = sharePreviewOf({ title: preload.title, description: cachedFormRecord(app.db, preload.form_id)?.form.description, blocks: preload.blocks });
  return {
    ...preview,
    url: publicFormUrl(publicUrl, preload.form_id),
    image_url: publicFormCardUrl(publicUrl, preload.form_id, shareCardVersion(preview, preload.stylesheet)),
    image_width: width, image_height: height, lang: preload.lang,
  };
}

export async function pageRoutes(
  app: FastifyInstance, options: { assets: () => PageAssets; publicUrl: string; supportUrl?: string | undefined },
): Promise<void> {
  let coverAssets: PageAssets | undefined;
  app.get<{ Params: { form_id: string }; Querystring: Record<string, string | string[]> }>(
    "/d/e/:form_id",
    { config: { html: true, rate_limit: "read" } },
    async (request, reply) => {
      const query = flatQuery(request.query);
      const customer_cookie = cookieValue(request.headers.cookie, PARAM.customer_uuid);
      const preload = await preloadForm(app.db, { form_id: request.params.form_id, params: query, customer_cookie });
      // A customer named in the link is remembered for this browser's later visits.
      const named = namedCustomerId(query.customer_id);
      if (named && named !== customer_cookie?.toLowerCase()) {
        reply.header("set-cookie", `${PARAM.customer_uuid}=${named}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`);
      }
      // The start page comes first (spec 1 §2.2); its call to action comes back with START_PARAM.
      const cover = query[START_PARAM] === undefined ? coverToShow(preload) : null;
      if (cover) {
        const { renderCoverPage, SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT } = await renderers();
        coverAssets ??= loadPageAssets(undefined, COVER_ENTRY);
        return html(reply, renderCoverPage({
          preload, page: cover, assets: options.assets(), cover_assets: coverAssets, action: formPath(preload.form_id), query, now: new Date(),
          share: shareMetaOf(app, preload, options.publicUrl, SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT),
        }));
      }
      if (preload.error) {
        const target = errorPagePath(preload.form_id, preload.error.code, preload.error.page_query);
        if (target) return reply.redirect(target, 302);
      }
      allowFormRedirect(reply, safeUrlOrUndefined(cachedFormRecord(app.db, preload.form_id)?.document.redirect_after_response_uri));
      const { renderFormPage, SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT } = await renderers();
      return html(reply, renderFormPage({
        preload, assets: options.assets(), submit_action: submitPath(preload.form_id), query,
        share: shareMetaOf(app, preload, options.publicUrl, SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT),
      }));
    },
  );

  app.get<{ Params: { form_id: string; page: string }; Querystring: Record<string, string | string[]> }>(
    "/d/e/:form_id/:page",
    { config: { html: true, rate_limit: "read" } },
    async (request, reply) => {
      const { form_id, page } = request.params;
      if (!STATUS_PAGES.has(page)) throw new FieldworkError("NOT_FOUND");
      const record = await loadFormRecord(app.db, form_id);
      if (!record || !record.form.is_published) throw new FieldworkError("FORM_NOT_FOUND");
      const { form, document } = record;
      const { renderStatusPage } = await renderers();
      return html(reply, renderStatusPage({
        kind: page as FormPage,
        form: {
          id: form.id, title: form.title, lang: document.lang,
          stylesheet: stylesheetOf(document),
          ending: endingOf(document),
        },
        query: flatQuery(request.query),
        assets: options.assets(),
        support_url: options.supportUrl,
      }));
    },
  );
}

/** Sends a status page without a form; resolves once it is sent (as awaiting a reply does). */
async function renderPlainStatus(reply: FastifyReply, kind: "notfound" | "ratelimited" | "developererror", assets: PageAssets, status: number) {
  const { renderStatusPage } = await renderers();
  return html(reply, renderStatusPage({ kind, form: null, query: {}, assets }), status);
}

export function renderNotFound(reply: FastifyReply, assets: PageAssets) {
  return renderPlainStatus(reply, "notfound", assets, 404);
}

/** A page for a visitor past a public rate limit (the 429 carries Retry-After already). */
export function renderRateLimited(reply: FastifyReply, assets: PageAssets) {
  return renderPlainStatus(reply, "ratelimited", assets, 429);
}

export function renderDeveloperError(reply: FastifyReply, assets: PageAssets) {
  return renderPlainStatus(reply, "developererror", assets, 500);
}

/**
 * A native submit whose answers were refused: the form again (400), what the visitor posted
 * kept as its values, each message under its field and the list at the top. True once sent;
 * false when the form cannot be shown (it closed meanwhile): the caller answers with the
 * page of the code instead.
 */
export async function renderRefusedSubmit(
  app: FastifyInstance, reply: FastifyReply, formId: string, refusal: AnswersRefused, assets: PageAssets,
): Promise<boolean> {
  const session_id = refusal.entries.get(PARAM.session)?.at(-1);
  const posted = Object.fromEntries([...refusal.entries].map(([name, list]) => [name, list.at(-1) ?? ""]));
  const preload = await preloadForm(app.db, { form_id: formId, session_id, params: posted });
  if (preload.error) return false;
  preload.default_values = { ...preload.default_values, ...postedDefaults(preload.fields, refusal.entries) };
  preload.submit_error = refusal.toJSON();
  allowFormRedirect(reply, safeUrlOrUndefined(cachedFormRecord(app.db, preload.form_id)?.document.redirect_after_response_uri));
  const { renderFormPage } = await renderers();
  html(reply, renderFormPage({ preload, assets, submit_action: submitPath(preload.form_id), query: {} }), 400);
  return true;
}
