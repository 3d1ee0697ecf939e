/**
 * Owner-written HTML (block titles, descriptions, html blocks, the ending) is shown to
 * visitors on the same origin as the workbench, so it is cleaned when it is saved: an
 * allow-list of formatting tags and attributes, links limited to http(s), mailto and tel.
 * Every save path of owner HTML goes through `sanitizeOwnerHtml`.
 */
import { createRequire } from "node:module";
import type sanitizeHtml from "sanitize-html";

/**
 * sanitize-html (with postcss and htmlparser2, some 15 MB) is loaded at the first save of
 * owner HTML, not at start: most processes (a server at rest, the CLI) never clean any.
 */
let loaded: { clean: typeof sanitizeHtml; options: sanitizeHtml.IOptions } | undefined;
function sanitizer(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const clean = createRequire(import.meta.url)("sanitize-html") as typeof sanitizeHtml;
  loaded = { clean, options: optionsFor(clean) };
  return loaded;
}

const optionsFor = (lib: typeof sanitizeHtml): sanitizeHtml.IOptions => ({
  allowedTags: [
    "p", "br", "b", "strong", "i", "em", "u", "s", "mark", "small", "sub", "sup", "span", "a", "ul", "ol", "li",
    "blockquote", "code", "pre", "hr", "h1", "h2", "h3", "h4", "img", "figure", "figcaption", "table", "thead",
    "tbody", "tr", "th", "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowProtocolRelative: false,
  transformTags: { a: lib.simpleTransform("a", { rel: "noopener noreferrer" }) },
});

export function sanitizeOwnerHtml<T extends string | null>(html: T): T {
  if (html === null) return null as T;
  const { clean, options } = sanitizer();
  return clean(html, options) as T;
}
