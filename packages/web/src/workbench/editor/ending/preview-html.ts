/**
 * Owner HTML for the workbench's preview, cleaned in the browser the way the server cleans
 * it when saved (server/src/forms/owner-html.ts): what is being typed has not been through
 * the server yet. Parsed in an inert document (DOMParser runs no script and loads nothing),
 * then only formatting tags, and links to http(s), mailto and tel, are kept.
 */
const TAGS = new Set([
  "P", "BR", "B", "STRONG", "I", "EM", "U", "S", "MARK", "SMALL", "SUB", "SUP", "SPAN", "A", "UL", "OL", "LI",
  "BLOCKQUOTE", "CODE", "PRE", "HR", "H1", "H2", "H3", "H4", "IMG", "FIGURE", "FIGCAPTION", "TABLE", "THEAD", "TBODY", "TR", "TH", "TD",
]);
const ATTRIBUTES: Record<string, readonly string[]> = { A: ["href", "title"], IMG: ["src", "alt", "title", "width", "height"], TD: ["colspan", "rowspan"], TH: ["colspan", "rowspan"] };
const SCHEMES: Record<string, RegExp> = { href: /^(https?:|mailto:|tel:)/i, src: /^https?:/i };
/** Elements whose content goes with them. */
const DROP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "IFRAME", "OBJECT", "EMBED", "NOSCRIPT", "TEXTAREA", "SELECT", "SVG", "MATH"]);

function clean(node: Element): void {
  for (const child of [...node.children]) {
    if (DROP.has(child.tagName.toUpperCase())) {
      child.remove();
      continue;
    }
    clean(child);
    const tag = child.tagName.toUpperCase();
    if (!TAGS.has(tag)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    const allowed = ATTRIBUTES[tag] ?? [];
    for (const attribute of [...child.attributes]) {
      const name = attribute.name.toLowerCase();
      const scheme = SCHEMES[name];
      if (!allowed.includes(name) || (scheme && !scheme.test(attribute.value.trim()))) child.removeAttribute(attribute.name);
    }
    if (tag === "A") child.setAttribute("rel", "noopener noreferrer");
  }
}

export function previewHtml(html: string | null): string | null {
  if (!html) return null;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  clean(doc.body);
  return doc.body.innerHTML;
}
