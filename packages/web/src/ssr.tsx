/** @jsxRuntime automatic */
/**
 * Server rendering of the public pages, imported by packages/server and run by Node (tsx):
 * nothing reachable from here may import CSS or other assets.
 *
 * - `renderFormPage`: the form as HTML that works without JavaScript, plus the preload JSON
 *   and the module script that hydrates it.
 * - `renderStatusPage`: the static pages under `/d/e/{form_id}/{kind}`.
 *
 * Every .tsx file of this package starts with `@jsxRuntime automatic`, so tsx compiles its
 * JSX right even when the server process runs from a directory without our tsconfig.
 */
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import type { FormEnding, FormPreload, FormStylesheet } from "@fieldwork/core";
import { htmlDocument, type PageAssets } from "./document/html-document";
import { jsonForScript, escapeHtml } from "./document/escape";
import { FormApp } from "./respondent/form-app";
import { PRELOAD_ELEMENT_ID, ROOT_ELEMENT_ID } from "./respondent/mount-ids";
import { StatusPage } from "./status/status-page";
import { statusContent, type StatusKind } from "./status/status-content";

export type { PageAssets } from "./document/html-document";
export type { StatusKind } from "./status/status-content";
export { STATUS_KINDS } from "./status/status-content";
export { loadPageAssets, pageAssetsFromManifest, WEB_DIST_DIR, type ViteManifest } from "./page-assets";

export interface RenderFormPageInput {
  preload: FormPreload;
  assets: PageAssets;
  /** The form's action: `/submit/{form_id}`. */
  submit_action: string;
  /** The page's URL parameters (prefill fields of the same name). */
  query: Record<string, string>;
}

/** The whole `<!doctype html>` document of a form. */
export function renderFormPage(input: RenderFormPageInput): string {
  const { preload, assets, submit_action, query } = input;
  const app = renderToString(<FormApp preload={preload} submit_action={submit_action} query={query} />);
  const body =
    `<div id="${ROOT_ELEMENT_ID}" data-submit-action="${escapeHtml(submit_action)}">${app}</div>` +
    `<script type="application/json" id="${PRELOAD_ELEMENT_ID}">${jsonForScript(preload)}</script>`;
  return htmlDocument({
    lang: preload.lang,
    title: preload.title || "Form",
    stylesheet: preload.stylesheet,
    styles: assets.styles,
    scripts: assets.scripts,
    body,
  });
}

export interface RenderStatusPageInput {
  kind: StatusKind;
  form: { id: string; title: string; lang: string; stylesheet: FormStylesheet; ending?: FormEnding } | null;
  query: Record<string, string>;
  assets: PageAssets;
}

/** A static status page (closed, sold out, thank you…), styled like the form, without hydration. */
export function renderStatusPage(input: RenderStatusPageInput): string {
  const { kind, form, query, assets } = input;
  const content = statusContent(kind, form, query);
  const body = renderToStaticMarkup(<StatusPage content={content} powered_by={false} />);
  const head = ['<meta name="robots" content="noindex">'];
  if (content.redirect) head.push(`<meta http-equiv="refresh" content="3;url=${escapeHtml(content.redirect)}">`);
  return htmlDocument({
    lang: form?.lang ?? "en",
    title: form ? `${content.title} · ${form.title}` : content.title,
    stylesheet: form?.stylesheet ?? null,
    styles: assets.styles,
    scripts: [],
    head: head.join(""),
    body: `<div id="${ROOT_ELEMENT_ID}">${body}</div>`,
  });
}
