/**
 * The form's start page (cover, spec 1 §2.2, spec 3 §2 and §4): a document with a schema
 * version, a template id and the template's content, stored in `form_document.start_page`.
 * It is valid only when its schema version equals START_PAGE_SCHEMA_VERSION; an invalid one
 * is never shown to visitors and the editor shows its version instead of the fields.
 */
import { z } from "zod";
import { LIMITS } from "../limits";
import type { JsonValue } from "../form-model";
import { isSafeUrl } from "../safe-url";
import { UNSAFE_URL_MESSAGE } from "../safe-url-message";

/** Start page schema version (spec 3 §9). */
export const START_PAGE_SCHEMA_VERSION = "0.0.1-beta.1+20250303";
/** Start page save debounce (spec 3 §9). */
export const START_PAGE_SAVE_DEBOUNCE_MS = 1000;
/**
 * On the form page: skip the start page (its call to action goes to the form with `=0`). Not
 * in PARAM, which the public form's script carries whole.
 */
export const START_PARAM = "__fw_start";
/** Images of template 005's carousel at most. */
export const START_PAGE_MEDIA_MAX = 20;

export const START_PAGE_TEMPLATES = ["003", "005"] as const;
export type StartPageTemplate = (typeof START_PAGE_TEMPLATES)[number];

const text = z.string().max(LIMITS.short_text_length);
const imageUrl = z.string().max(LIMITS.url_length).refine(isSafeUrl, { message: UNSAFE_URL_MESSAGE, params: { code: "URL_NOT_ALLOWED" } });

/** Template 003: a big centered title, a subtitle, a background image and Start Now. */
export const StartPage003Content = z.strictObject({
  title: text,
  subtitle: text,
  /** null: the placeholder background. */
  background: imageUrl.nullable(),
});

/** Template 005 (event campaign): square images, title, schedule banner, rich-text body, Register. */
export const StartPage005Content = z.strictObject({
  title: text,
  /** Owner HTML: cleaned by the owner-HTML allow-list when saved. */
  body: z.string().max(LIMITS.html_length),
  media: z.array(z.strictObject({ src: imageUrl, alt: text.default("") })).max(START_PAGE_MEDIA_MAX),
});

export const StartPage = z.discriminatedUnion("template_id", [
  z.strictObject({ schema_version: z.literal(START_PAGE_SCHEMA_VERSION), template_id: z.literal("003"), content: StartPage003Content }),
  z.strictObject({ schema_version: z.literal(START_PAGE_SCHEMA_VERSION), template_id: z.literal("005"), content: StartPage005Content }),
]);
export type StartPage = z.output<typeof StartPage>;
export type StartPage003 = Extract<StartPage, { template_id: "003" }>;
export type StartPage005 = Extract<StartPage, { template_id: "005" }>;

export type StartPageReading =
  | { kind: "none" }
  /** Stored but not of this schema version (or not readable): `version` as stored, when there is one. */
  | { kind: "invalid"; version: string | null }
  | { kind: "valid"; page: StartPage };

/** What a stored start page is: none, invalid (with its version) or a valid page. */
export function readStartPage(value: JsonValue | undefined): StartPageReading {
  if (value === null || value === undefined) return { kind: "none" };
  const version = typeof value === "object" && !Array.isArray(value) && typeof value.schema_version === "string"
    ? value.schema_version : null;
  if (version !== START_PAGE_SCHEMA_VERSION) return { kind: "invalid", version };
  const parsed = StartPage.safeParse(value);
  return parsed.success ? { kind: "valid", page: parsed.data } : { kind: "invalid", version };
}

/** A new start page of a template with the spec's defaults (spec 3 §2). */
export function defaultStartPage<T extends StartPageTemplate>(template: T): Extract<StartPage, { template_id: T }>;
export function defaultStartPage(template: StartPageTemplate): StartPage {
  if (template === "003") {
    return { schema_version: START_PAGE_SCHEMA_VERSION, template_id: "003", content: { title: "Enter Title", subtitle: "Enter Subtitle", background: null } };
  }
  return {
    schema_version: START_PAGE_SCHEMA_VERSION, template_id: "005",
    content: {
      title: "Community Meetup",
      body: "<p>An evening of short talks and conversation. Doors open at 6 pm; seats are limited, so register early.</p>",
      media: [],
    },
  };
}

/** `PATCH /forms/{form_id}/start-page`: the whole start page, or null for none. */
export const StartPageUpdate = z.strictObject({ revision: z.number().int().min(0), start_page: StartPage.nullable() });
