/**
 * The HTML shell around every public page: `<html>` carrying the language, its direction
 * (`dir="rtl"` for Arabic) and the theme attributes, the head (viewport, title, colour
 * scheme, pre-paint theme script, stylesheets, owner CSS) and the body markup a page renders.
 *
 * The module script and its modulepreloads come last in the body: the browser meets them
 * only once the markup above has arrived, so on a slow line they never share it with the
 * bytes of the first paint (module scripts run after parsing wherever they stand).
 */
import { languageOf, textDirection, type FormStylesheet } from "@fieldwork/core";
import { escapeHtml } from "./escape";
import { themeScript } from "./theme-script";
import { safeStyleText, themeAttributesOf, usesInter } from "../respondent/theme";

export interface PageAssets {
  /** Absolute URLs of module scripts, like `/assets/entry-abc.js`. */
  scripts: string[];
  /** Absolute URLs of stylesheets, like `/assets/entry-abc.css`. */
  styles: string[];
  /** Stylesheets' text, put in the page instead of linked (the public form's own CSS). */
  inlineStyles?: string[];
  /** Chunks the scripts import (React, shared code), preloaded so they load in parallel. */
  preloads?: string[];
  /** Inter's latin file, preloaded on pages whose theme uses Inter. */
  fonts?: string[];
}

export interface HtmlDocumentInput {
  /** The page's language (a form's theme `lang`); Arabic pages are right to left (`dir="rtl"`). */
  lang: string;
  title: string;
  stylesheet: FormStylesheet | null;
  styles: string[];
  /** Stylesheets' text, in `<style>` elements in the head. */
  inlineStyles?: string[];
  /** Module scripts to load; empty for server-only pages. */
  scripts: string[];
  /** Modules the scripts import, preloaded alongside them. */
  preloads?: string[];
  /** Inter's files, preloaded when the theme's font is Inter (so text paints in it at once). */
  fonts?: string[];
  /** Extra head markup, already escaped. */
  head?: string;
  /** Body markup, already escaped. */
  body: string;
}

const attr = (value: string) => `"${escapeHtml(value)}"`;

export function htmlDocument(input: HtmlDocumentInput): string {
  const theme = themeAttributesOf(input.stylesheet);
  const css = safeStyleText(input.stylesheet?.custom_css);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<meta name="color-scheme" content=${attr(theme.color_scheme)}>`,
    `<title>${escapeHtml(input.title)}</title>`,
    `<script>${themeScript()}</script>`,
    ...(usesInter(theme.font) ? input.fonts ?? [] : []).map((href) => `<link rel="preload" as="font" type="font/woff2" href=${attr(href)} crossorigin>`),
    ...input.styles.map((href) => `<link rel="stylesheet" href=${attr(href)}>`),
    ...(input.inlineStyles ?? []).map((text) => `<style>${safeStyleText(text)}</style>`),
    css ? `<style id="fw-custom-css">${css}</style>` : "",
    input.head ?? "",
  ].filter(Boolean);
  const scripts = [
    ...(input.scripts.length ? input.preloads ?? [] : []).map((src) => `<link rel="modulepreload" href=${attr(src)}>`),
    ...input.scripts.map((src) => `<script type="module" src=${attr(src)}></script>`),
  ];
  const style = `--fw-font:${theme.font};color-scheme:${theme.color_scheme}`;
  const dir = textDirection(languageOf(input.lang));
  return (
    "<!doctype html>" +
    `<html lang=${attr(input.lang || "en")} dir="${dir}" class="no-js" data-appearance=${attr(theme.appearance)} data-palette=${attr(theme.palette)} style=${attr(style)}>` +
    `<head>${head.join("")}</head>` +
    `<body>${input.body}${scripts.join("")}</body>` +
    "</html>"
  );
}
