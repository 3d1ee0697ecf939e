/**
 * Plain text ↔ the simple HTML block titles and descriptions are stored as. The owner types
 * text; it is saved as one `<p>` per paragraph (a blank line apart), `<br>` for a single
 * line break, with `& < > " '` escaped:
 *
 *   textToHtml("Tea & cake\nat 4")  →  "<p>Tea &amp; cake<br>at 4</p>"
 *   htmlToText("<p>A</p><p>B</p>")   →  "A\n\nB"
 *
 * `htmlToText` reads any stored HTML (plain text from older blocks too), dropping tags other
 * than `<p>` and `<br>`; `isPlainHtml` says whether that loses nothing.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The text as paragraphs of escaped lines; `null` when there is no text. */
export function textToHtml(text: string): string | null {
  const paragraphs = text.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/).map((p) => p.replace(/^\n+|\s+$/g, "")).filter((p) => p.trim());
  if (paragraphs.length === 0) return null;
  return paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("");
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** The stored HTML as the text an owner edits: paragraphs a blank line apart, `<br>` as a line break. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  const text = html
    .replace(/\s*<br\s*\/?>\s*/gi, "\n")
    .replace(/<\/p>\s*<p(\s[^>]*)?>/gi, "\n\n")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(text).trim();
}

/** Whether the HTML is only paragraphs, line breaks and text: editing it as text keeps it whole. */
export const isPlainHtml = (html: string | null | undefined) => !html || !/<(?!\/?p>|br\s*\/?>)[^>]*>/i.test(html);
