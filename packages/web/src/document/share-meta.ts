/**
 * The head tags that make a form's link preview (issue 22 item 7): the meta description, the
 * canonical URL, Open Graph and Twitter card tags. Every value is escaped for an attribute.
 */
import { escapeHtml } from "./escape";

export interface ShareMeta {
  title: string;
  description: string;
  /** The page's canonical, absolute URL (PUBLIC_URL + `/d/e/{form_id}`). */
  url: string;
  /** The share card's absolute URL. */
  image_url: string;
  image_width: number;
  image_height: number;
  /** The page's language (`en`, `ko`…), written as og:locale when it is a plain tag. */
  lang?: string;
}

const meta = (key: "name" | "property", name: string, content: string | number) =>
  `<meta ${key}="${name}" content="${escapeHtml(String(content))}">`;

export function shareHeadTags(share: ShareMeta): string {
  const locale = /^[a-z]{2,3}(?:[-_][A-Za-z]{2})?$/.test(share.lang ?? "") ? share.lang!.replace("-", "_") : null;
  return [
    meta("name", "description", share.description),
    `<link rel="canonical" href="${escapeHtml(share.url)}">`,
    meta("property", "og:type", "website"),
    meta("property", "og:title", share.title),
    meta("property", "og:description", share.description),
    meta("property", "og:url", share.url),
    meta("property", "og:image", share.image_url),
    meta("property", "og:image:type", "image/png"),
    meta("property", "og:image:width", share.image_width),
    meta("property", "og:image:height", share.image_height),
    meta("property", "og:image:alt", share.title),
    ...(locale ? [meta("property", "og:locale", locale)] : []),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", share.title),
    meta("name", "twitter:description", share.description),
    meta("name", "twitter:image", share.image_url),
  ].join("");
}
