/**
 * What a shared link to a form shows (issue 22 item 7): the title and a one-paragraph
 * description, as plain text. The description is the form's own (`form.description`), else
 * the text of its first header or section description, else a sentence naming the form.
 * The page's `<meta name="description">`, its Open Graph and Twitter tags and the share card
 * image all read this one result.
 */

/** Search engines show about this many characters of a description; cards fewer. */
export const SHARE_DESCRIPTION_MAX = 160;
export const SHARE_TITLE_MAX = 120;
/** The title a form without one is shared under. */
export const SHARE_UNTITLED = "Untitled form";

export interface SharePreview {
  title: string;
  description: string;
}

export interface SharePreviewInput {
  title: string | null | undefined;
  description?: string | null | undefined;
  /** The form's blocks in order; the first `description_html` with text is the fallback. */
  blocks?: readonly { description_html?: string | null | undefined }[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** Owner HTML → its text on one line: tags dropped, the usual entities read, spaces collapsed. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/&#(\d{1,6});/g, (_, code: string) => safeCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, code: string) => safeCodePoint(parseInt(code, 16)))
    .replace(/\s+/g, " ")
    .trim();
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

function safeCodePoint(code: number): string {
  return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "";
}

/** Text cut at `max` characters (whole code points, on a word boundary when one is near), with an ellipsis. */
export function clipPreviewText(text: string, max: number): string {
  const points = [...text];
  if (points.length <= max) return text;
  const cut = points.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function sharePreviewOf(input: SharePreviewInput): SharePreview {
  // The title and the form's description are plain text (shown as text on the page): only spaces collapse.
  const title = clipPreviewText(oneLine(input.title ?? ""), SHARE_TITLE_MAX) || SHARE_UNTITLED;
  const own = oneLine(input.description ?? "");
  const fromBlocks = own ? "" : firstBlockText(input.blocks ?? []);
  const description = own || fromBlocks || `Fill in “${title}” online.`;
  return { title, description: clipPreviewText(description, SHARE_DESCRIPTION_MAX) };
}

/** The first block description with text, read as plain text (blocks after it are not read). */
function firstBlockText(blocks: NonNullable<SharePreviewInput["blocks"]>): string {
  for (const block of blocks) {
    const text = plainTextOf(block.description_html ?? "");
    if (text) return text;
  }
  return "";
}

/**
 * The version of a form's share card: a hash (FNV-1a, 32 bits, hex) of everything it draws,
 * so its URL changes when the card would (a rename, a new description, another palette).
 */
export function shareCardVersion(preview: SharePreview, theme: { palette: string | null; appearance: string }): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify([preview.title, preview.description, theme.palette, theme.appearance])) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
