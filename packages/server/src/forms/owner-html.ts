/**
 * Owner-written HTML (block titles, descriptions, html blocks, the ending) is shown to
 * visitors on the same origin as the workbench, so it is cleaned when it is saved: an
 * allow-list of formatting tags and attributes, links limited to http(s), mailto and tel.
 * Every save path of owner HTML goes through `sanitizeOwnerHtml`.
 */
import sanitizeHtml from "sanitize-html";

const OPTIONS: sanitizeHtml.IOptions = {
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
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
};

export function sanitizeOwnerHtml<T extends string | null>(html: T): T {
  return (html === null ? null : sanitizeHtml(html, OPTIONS)) as T;
}
