/**
 * The private editor API of a form (docs/private-api.md "Form editor"), as zod schemas the
 * server's routes declare and the workbench's client and reducer use. Every write carries
 * the `revision` it was made against and answers the new one; a write against an older
 * revision is refused with 409 REVISION_CONFLICT and the current revision, so two tabs or
 * two editors never overwrite each other silently.
 */
import { z } from "zod";
import { BLOCK_TYPES, type FormBlock, type FormField, type JsonValue } from "../form-model";
import type { FormSettingsDefinition} from "../form-definition";
import { EndingDefinition, FieldDefinition, ThemeDefinition } from "../form-definition";
import { LIMITS } from "../limits";
import { isSafeUrl } from "../safe-url";
import { UNSAFE_URL_MESSAGE } from "../safe-url-message";
import { scheduleProblem } from "../schedule";

const Id = z.uuid();
const Revision = z.number().int().min(0);
const html = z.string().max(LIMITS.html_length).nullable();

/** `GET /private/editor/forms/{form_id}`: everything the editor shows and changes. */
export interface EditorDocument {
  form_id: string;
  document_id: string;
  title: string;
  revision: number;
  published: boolean;
  /** Rows in the form's table (the delete confirmation names how many hold a value). */
  response_count: number;
  /** The form's table in the Data API (`/rest/v1/{table_name}`, profile `form_data`). */
  table_name: string;
  settings: Omit<z.output<typeof FormSettingsDefinition>, "published">;
  theme: z.output<typeof ThemeDefinition>;
  ending: z.output<typeof EndingDefinition>;
  /** As stored: valid, of another schema version (shown as invalid), or null (`readStartPage`). */
  start_page: JsonValue;
  /** In the shapes the public form renders, so the editor previews with the same components. */
  fields: FormField[];
  blocks: FormBlock[];
}

/** What every write answers: the form's revision after it. */
export const WriteAnswer = z.object({ revision: Revision });

/** `POST /forms/{form_id}/fields`: a field and the block that shows it, placed after the focused block. */
export const FieldCreate = z.strictObject({
  revision: Revision,
  field: FieldDefinition,
  focus_block_id: Id.nullable().default(null),
});

/**
 * `PATCH /forms/{form_id}/fields/{field_id}`: the whole field as it should be. A new name
 * renames the column; a new type or `multiple` converts it (refused with the rows that would
 * not convert); options keep their ids where their value stays.
 */
export const FieldUpdate = z.strictObject({ revision: Revision, field: FieldDefinition });

/** `DELETE /forms/{form_id}/fields/{field_id}?revision=N`. */
export const RevisionQuery = z.object({ revision: z.coerce.number().int().min(0) });

/** `GET /forms/{form_id}/fields/{field_id}/answers`: how many rows hold a value in its column. */
export const FieldAnswers = z.object({ answered: z.number().int().min(0) });

/** `POST /forms/{form_id}/blocks`: a block of any type but `field` (fields come with their field). */
export const BlockCreate = z.strictObject({
  revision: Revision,
  type: z.enum(BLOCK_TYPES).exclude(["field"]),
  focus_block_id: Id.nullable().default(null),
  title_html: html.default(null),
  description_html: html.default(null),
  body_html: html.default(null),
  src: z.string().refine(isSafeUrl, { message: UNSAFE_URL_MESSAGE, params: { code: "URL_NOT_ALLOWED" } }).nullable().default(null),
});

/** `POST /forms/{form_id}/blocks/field`: shows a field no block shows (`available_field_ids`). */
export const FieldBlockCreate = z.strictObject({ revision: Revision, field_id: Id, focus_block_id: Id.nullable().default(null) });

/** `PATCH /forms/{form_id}/blocks/{block_id}`: the block's content, and hiding it (`v_hidden`). */
export const BlockUpdate = z.strictObject({
  revision: Revision,
  title_html: html.optional(),
  description_html: html.optional(),
  body_html: html.optional(),
  src: z.string().refine(isSafeUrl, { message: UNSAFE_URL_MESSAGE, params: { code: "URL_NOT_ALLOWED" } }).nullable().optional(),
  /**
   * `true` hides the block from visitors; `null` shows it; an expression hides it while it is
   * truthy (docs/form-format.md "Logic"; refused with INVALID_EXPRESSION when it does not
   * parse or names a field the form does not have).
   */
  v_hidden: z.union([z.literal(true), z.string()]).nullable().optional(),
  contains_payment: z.boolean().optional(),
});

/** `POST /forms/{form_id}/blocks/sort`: `moveBlock` semantics (core/editor/block-ops.ts). */
export const BlockSort = z.strictObject({ revision: Revision, block_id: Id, to_index: z.number().int().min(0) });

/**
 * The keys of a definition as optional and without their defaults: zod 4 fills defaults in
 * even inside `.partial()`, which would reset every key a PATCH leaves out.
 */
function patchOf<S extends Record<string, z.ZodDefault<z.ZodType>>>(shape: S) {
  const entries = Object.entries(shape).map(([key, value]) => [key, value.unwrap().optional()]);
  return z.strictObject(Object.fromEntries(entries) as { [K in keyof S]: z.ZodOptional<ReturnType<S[K]["unwrap"]>> });
}

/** `PATCH /forms/{form_id}/theme` and `/ending`: the keys given change, the others stay. */
export const ThemeUpdate = z.strictObject({ revision: Revision, theme: patchOf(ThemeDefinition.shape) });
export const EndingUpdate = z.strictObject({ revision: Revision, ending: patchOf(EndingDefinition.shape) });

const settingsBody = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ form_id: Id, revision: Revision, ...shape });

/** `POST /private/editor/settings/{name}` (spec 2 §7), each with the form id in its body. */
export const SETTINGS_CALLS = {
  "redirect-uri": settingsBody({ redirect_uri: EndingDefinition.shape.redirect_uri.unwrap() }),
  "force-close-form": settingsBody({ is_force_closed: z.boolean() }),
  "max-responses-by-customer": settingsBody({ max_form_responses_by_customer: z.number().int().positive().nullable() }),
  "max-responses-in-total": settingsBody({ max_form_responses_in_total: z.number().int().positive().nullable() }),
  "form-schedule": settingsBody({
    enabled: z.boolean(),
    open_at: z.iso.datetime({ offset: true }).nullable(),
    close_at: z.iso.datetime({ offset: true }).nullable(),
    tz: z.string().max(LIMITS.short_text_length).nullable(),
  }).superRefine((value, ctx) => {
    if (!value.enabled) return;
    const at = (text: string | null) => (text ? new Date(text) : null);
    const problem = scheduleProblem(at(value.open_at), at(value.close_at));
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["open_at"] });
  }),
  // Forms always post (spec 1 §2: `POST /submit/{form_id}`, multipart); GET is not offered
  // (docs/ARCHITECTURE.md "Submits": why).
  "form-method": settingsBody({ method: z.literal("post", { error: "A form sends its answers with POST; GET is not offered." }) }),
  "unknown-fields": settingsBody({ strategy: z.enum(["ignore", "accept", "reject"]) }),
} as const;

export type SettingsCall = keyof typeof SETTINGS_CALLS;

