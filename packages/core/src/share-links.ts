/**
 * What the workbench's Share, URL parameters and Customer identity pages hand out (spec 2 §2
 * `connect/*`, docs/embedding.md): the form's link with URL parameters (which prefill fields
 * of the same name, hidden ones mostly), and the two embed snippets. Pure, so the pages and
 * the docs' examples agree.
 *
 * The embed script's address is here rather than in public-urls.ts: the workbench alone
 * uses these, and an export the workbench adds to a module the public form shares (as
 * public-urls.ts is) ships in the form's first load too (bundle-budget.test.ts).
 */
import { formPath } from "./public-urls";

/** `/embed.js`: the embed script (packages/embed), at one stable address for every form. */
export const EMBED_SCRIPT_PATH = "/embed.js";

const withoutSlash = (publicUrl: string) => publicUrl.replace(/\/+$/, "");

/** The embed script's absolute URL under PUBLIC_URL. */
export const embedScriptUrl = (publicUrl: string): string => `${withoutSlash(publicUrl)}${EMBED_SCRIPT_PATH}`;

/** The link parameter naming a customer (a uuid v4, spec 2 §6; the server's pages.ts reads it). */
export const CUSTOMER_ID_PARAM = "customer_id";

/** Parameters with a non-empty value, in the order given. */
function filled(params: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(params).filter(([name, value]) => name !== "" && value !== "");
}

/** The form's public link with `params` as URL parameters (empty values left out). */
export function prefillLink(publicUrl: string, formId: string, params: Readonly<Record<string, string>> = {}): string {
  const url = new URL(`${withoutSlash(publicUrl)}${formPath(formId)}`);
  for (const [name, value] of filled(params)) url.searchParams.append(name, value);
  return url.toString();
}

const escapeAttribute = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * The script-tag snippet: a placeholder element the script fills with the form's frame,
 * its parameters as one query string in `data-fieldwork-params`.
 */
export function scriptSnippet(publicUrl: string, formId: string, params: Readonly<Record<string, string>> = {}): string {
  const query = new URLSearchParams(filled(params)).toString();
  const paramsAttribute = query ? ` data-fieldwork-params="${escapeAttribute(query)}"` : "";
  return [
    `<div data-fieldwork-form="${escapeAttribute(formId)}"${paramsAttribute}></div>`,
    `<script src="${escapeAttribute(embedScriptUrl(publicUrl))}" async></script>`,
  ].join("\n");
}

/**
 * The iframe snippet: works alone (fixed height); with the script tag on the page too, the
 * script adopts it (`data-fieldwork-form`) and resizes it to its content.
 */
export function iframeSnippet(publicUrl: string, formId: string, title: string, params: Readonly<Record<string, string>> = {}): string {
  const src = prefillLink(publicUrl, formId, params);
  return `<iframe data-fieldwork-form="${escapeAttribute(formId)}" src="${escapeAttribute(src)}" title="${escapeAttribute(title || "Form")}" `
    + `style="width:100%;height:640px;border:0" loading="lazy"></iframe>`;
}
