/** @jsxRuntime automatic */
/**
 * Server rendering of the public pages, imported by packages/server and run by Node (tsx):
 * nothing reachable from here may import CSS or other assets.
 *
 * - `renderFormPage`: the form as HTML that works without JavaScript (its CSS inline, see
 *   page-assets.ts), plus the preload JSON and, last, the module script that hydrates it.
 *   The preload carries the form's language's sentences (`messages`), which the server
 *   render and the browser both read: the two say the same, in that language.
 * - `renderStatusPage`: the static pages under `/d/e/{form_id}/{kind}`.
 * - `renderWorkbenchShell`: the document of every workbench path (the owner app is
 *   client-rendered; the shell holds its loading frame and the module script).
 *
 * Every .tsx file of this package starts with `@jsxRuntime automatic`, so tsx compiles its
 * JSX right even when the server process runs from a directory without our tsconfig.
 */
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import type { FormPreload, StartPage } from "@fieldwork/core";
import { CoverView } from "./cover/cover-view";
import { htmlDocument, type PageAssets } from "./document/html-document";
import { jsonForScript, escapeHtml } from "./document/escape";
import { shareHeadTags, type ShareMeta } from "./document/share-meta";
import { FormApp } from "./respondent/form-app";
import AnswerWidget from "./respondent/fields/answer-types-a";
import CountryPicker from "./respondent/fields/country-picker";
import { serverWidgets } from "./respondent/fields/widget-field";
import { heavyFallback } from "./respondent/fields/field-renderer";
import { ServerPlain } from "./respondent/fields/plain-field";
import { PRELOAD_ELEMENT_ID, ROOT_ELEMENT_ID } from "./respondent/mount-ids";
import { StatusPage } from "./status/status-page";
import type { StatusKind } from "./status/status-content";
import { statusView, type StatusForm } from "./status/status-view";
import { BootScreen } from "./workbench/shell/frame-skeleton";
import { bootScript } from "./workbench/shell/boot";

export type { PageAssets } from "./document/html-document";
export type { StatusKind } from "./status/status-content";
export type { ShareMeta } from "./document/share-meta";
export { shareCardSvg, SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, type ShareCardInput } from "./document/share-card";
export { STATUS_KINDS } from "./status/status-content";
export { COVER_ENTRY, loadPageAssets, pageAssetsFromManifest, RESPONDENT_ENTRY, WEB_DIST_DIR, WORKBENCH_ENTRY, type ViteManifest } from "./page-assets";

// The answer widgets' native controls, rendered at once (the browser loads them lazily).
serverWidgets.country = CountryPicker;
serverWidgets.other = AnswerWidget;
// Heavy answer types render as their native controls on the server (and without JavaScript).
heavyFallback.render = (props) => <ServerPlain {...props} />;

export interface RenderFormPageInput {
  preload: FormPreload;
  assets: PageAssets;
  /** The form's action: `/submit/{form_id}`. */
  submit_action: string;
  /** The page's URL parameters (prefill fields of the same name). */
  query: Record<string, string>;
  /** The link preview's tags (description, canonical, Open Graph, Twitter); none on a refused submit's page. */
  share?: ShareMeta;
}

/** The whole `<!doctype html>` document of a form. */
export function renderFormPage(input: RenderFormPageInput): string {
  const { preload, assets, submit_action, query, share } = input;
  const app = renderToString(<FormApp preload={preload} submit_action={submit_action} query={query} />);
  const body =
    `<div id="${ROOT_ELEMENT_ID}" data-submit-action="${escapeHtml(submit_action)}">${app}</div>` +
    `<script type="application/json" id="${PRELOAD_ELEMENT_ID}">${jsonForScript(preload)}</script>`;
  return htmlDocument({
    lang: preload.lang,
    title: preload.title || preload.messages["form.untitled"],
    stylesheet: preload.stylesheet,
    styles: assets.styles,
    inlineStyles: assets.inlineStyles,
    scripts: assets.scripts,
    preloads: assets.preloads,
    fonts: assets.fonts,
    ...(share ? { head: shareHeadTags(share) } : {}),
    body,
  });
}

export interface RenderCoverPageInput {
  preload: FormPreload;
  /** The form's valid start page (`readStartPage`). */
  page: StartPage;
  /** The public form's assets (its inline CSS: theme tokens, fonts) and the cover entry's (script, CSS). */
  assets: PageAssets;
  cover_assets: PageAssets;
  /** The form page, `/d/e/{form_id}`: where the call to action goes. */
  action: string;
  query: Record<string, string>;
  now: Date;
  /** The link preview's tags, as on the form page (a shared link to a form with a cover lands here). */
  share?: ShareMeta;
}

/**
 * The start page (cover) shown before the form, drawn here without React in the browser: its
 * call to action is a GET to the form page, its countdown and carousel the cover entry's
 * small script. The public form's own script is not loaded.
 */
export function renderCoverPage(input: RenderCoverPageInput): string {
  const { preload, page, assets, cover_assets, action, query, now, share } = input;
  const body = renderToStaticMarkup(
    <CoverView page={page} campaign={preload.campaign} lang={preload.lang} now={now} action={action} query={query} />,
  );
  return htmlDocument({
    lang: preload.lang,
    title: page.content.title || preload.title || preload.messages["form.untitled"],
    stylesheet: preload.stylesheet,
    styles: [...assets.styles, ...cover_assets.styles],
    inlineStyles: [...(assets.inlineStyles ?? []), ...(cover_assets.inlineStyles ?? [])],
    scripts: cover_assets.scripts,
    preloads: cover_assets.preloads,
    fonts: assets.fonts,
    ...(share ? { head: shareHeadTags(share) } : {}),
    body: `<div id="${ROOT_ELEMENT_ID}">${body}</div>`,
  });
}

export interface RenderStatusPageInput {
  kind: StatusKind;
  form: StatusForm | null;
  query: Record<string, string>;
  assets: PageAssets;
  /** SUPPORT_URL, linked from the outdated-schema page. */
  support_url?: string | undefined;
}

/** A static status page (closed, sold out, thank you…), styled like the form, without hydration. */
export function renderStatusPage(input: RenderStatusPageInput): string {
  const { kind, form, query, assets } = input;
  const view = statusView(kind, form, query, { support_url: input.support_url });
  const body = renderToStaticMarkup(<StatusPage content={view.content} powered_by={view.powered_by} />);
  const head = ['<meta name="robots" content="noindex">'];
  if (view.content.redirect) head.push(`<meta http-equiv="refresh" content="3;url=${escapeHtml(view.content.redirect)}">`);
  return htmlDocument({
    lang: view.lang,
    title: view.title,
    stylesheet: view.stylesheet,
    styles: assets.styles,
    inlineStyles: assets.inlineStyles,
    fonts: assets.fonts,
    scripts: [],
    head: head.join(""),
    body: `<div id="${ROOT_ELEMENT_ID}">${body}</div>`,
  });
}

export interface RenderWorkbenchShellInput {
  /** `loadPageAssets(undefined, WORKBENCH_ENTRY)`. */
  assets: PageAssets;
  /** The tab's title until the app sets its own; "Fieldwork" by default. */
  title?: string;
}

/** The workbench follows the system's light or dark setting (`color-scheme: light dark`). */
const WORKBENCH_STYLESHEET = { appearance: "system", palette: null, font_family: "inter", section: null, custom_css: null } as const;

/**
 * The whole `<!doctype html>` document the server sends for every workbench path. `#root`
 * holds the loading frames (workspace, editor, signed-out); a head script shows the one for
 * the path before first paint, and the app's first render draws the same frame.
 */
export function renderWorkbenchShell(input: RenderWorkbenchShellInput): string {
  const { assets, title = "Fieldwork" } = input;
  const frames = renderToStaticMarkup(<BootScreen />);
  return htmlDocument({
    lang: "en",
    title,
    stylesheet: WORKBENCH_STYLESHEET,
    styles: assets.styles,
    scripts: assets.scripts,
    preloads: assets.preloads,
    fonts: assets.fonts,
    head: `<meta name="robots" content="noindex"><script>${bootScript()}</script>`,
    body:
      `<div id="${ROOT_ELEMENT_ID}">${frames}</div>` +
      "<noscript><p style=\"position:fixed;inset:auto 0 0;padding:12px;text-align:center;font:14px system-ui\">The Fieldwork workbench needs JavaScript.</p></noscript>",
  });
}
export { INLINE_SCRIPTS } from "./document/inline-scripts";
