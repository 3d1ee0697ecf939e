/**
 * The share card of a form (its Open Graph image, 1200×630) as an SVG document: the title,
 * a description excerpt and the theme's colours. The server turns it into a PNG (sharp).
 *
 * Every text is owner input: it is written only as XML character data, escaped, with the
 * characters XML 1.0 cannot carry (controls, lone surrogates, U+FFFE/U+FFFF) dropped, so no
 * title can end an element, add an attribute or make the document unreadable.
 */
import type { Appearance } from "@fieldwork/core";
import { cardColorsOf } from "./share-card-colors";

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

export interface ShareCardInput {
  title: string;
  description: string;
  palette: string | null | undefined;
  appearance: Appearance;
  /** The site's host (`forms.example.com`), shown at the bottom; optional. */
  site?: string;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text as XML character data: escaped, and without the code points XML 1.0 refuses. */
export function xmlText(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** Roughly how wide a code point draws, in ems: East Asian wide characters take a full em. */
function emWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x1100 && (code <= 0x115f || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0x1f300 && code <= 0x1faff) || (code >= 0x20000 && code <= 0x3fffd))) return 1;
  if (/[A-Z@MW%]/.test(char)) return 0.68;
  if (/[\s.,:;!|il'’]/.test(char)) return 0.3;
  return 0.56;
}

/**
 * `text` in lines of at most `width` px at `size` px, breaking at spaces (or anywhere in a
 * word too long for a line, as CJK text is), at most `max` lines, the last one ending in an
 * ellipsis when text was left out.
 */
export function wrapText(text: string, width: number, size: number, max: number): string[] {
  const limit = width / size;
  const lines: string[] = [];
  let line = "";
  let used = 0;
  const words = text.split(/(\s+)/).filter(Boolean);
  const push = () => { lines.push(line.trim()); line = ""; used = 0; };
  for (const word of words) {
    const chars = [...word];
    const wordWidth = chars.reduce((sum, c) => sum + emWidth(c), 0);
    if (/^\s+$/.test(word)) {
      if (line) { line += " "; used += 0.3; }
      continue;
    }
    if (used + wordWidth <= limit) { line += word; used += wordWidth; continue; }
    if (line.trim() && wordWidth <= limit) { push(); line = word; used = wordWidth; continue; }
    for (const c of chars) {
      const w = emWidth(c);
      if (used + w > limit && line.trim()) push();
      line += c; used += w;
    }
  }
  if (line.trim()) push();
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  const last = [...kept[max - 1]!];
  kept[max - 1] = `${last.slice(0, Math.max(1, last.length - 2)).join("").trimEnd()}…`;
  return kept;
}

const FONT = "Inter, 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const PAD = 88;

function textLines(lines: string[], x: number, y: number, size: number, lineHeight: number, attrs: string): string {
  return lines.map((l, i) => `<text x="${x}" y="${y + i * lineHeight}" font-size="${size}" ${attrs}>${xmlText(l)}</text>`).join("");
}

/** The card as an SVG document (UTF-8 text). */
export function shareCardSvg(input: ShareCardInput): string {
  const c = cardColorsOf(input.palette, input.appearance);
  const inner = SHARE_CARD_WIDTH - 2 * PAD;
  // Bold glyphs run about a tenth wider than the estimate.
  const titleLines = wrapText(input.title, inner / 1.1, 64, 3);
  const titleBottom = 176 + (titleLines.length - 1) * 76;
  const descriptionLines = wrapText(input.description, inner, 32, titleLines.length > 2 ? 2 : 3);
  const site = input.site ? xmlText(input.site) : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" viewBox="0 0 ${SHARE_CARD_WIDTH} ${SHARE_CARD_HEIGHT}">` +
    `<rect width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" fill="${c.page}"/>` +
    `<rect x="40" y="40" width="${SHARE_CARD_WIDTH - 80}" height="${SHARE_CARD_HEIGHT - 80}" rx="32" fill="${c.card}" stroke="${c.line}" stroke-width="2"/>` +
    `<rect x="${PAD}" y="88" width="96" height="10" rx="5" fill="${c.accent}"/>` +
    `<g font-family="${FONT}">` +
    textLines(titleLines, PAD, 176, 64, 76, `font-weight="700" fill="${c.fg}"`) +
    textLines(descriptionLines, PAD, titleBottom + 64, 32, 44, `fill="${c.muted}"`) +
    `<rect x="${PAD}" y="476" width="280" height="66" rx="16" fill="${c.accent}"/>` +
    `<text x="${PAD + 140}" y="518" font-size="27" font-weight="600" text-anchor="middle" fill="${c.accent_fg}">Fill in the form</text>` +
    (site ? `<text x="${SHARE_CARD_WIDTH - PAD}" y="519" font-size="26" text-anchor="end" fill="${c.muted}">${site}</text>` : "") +
    `</g></svg>`
  );
}
