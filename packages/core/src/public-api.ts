/**
 * The shapes of the public API (docs/api.md, spec 1 §7) as zod schemas: the server's routes
 * declare them (validation, and later an OpenAPI document), and the browser's types follow
 * from the same definitions. Every answer is the envelope `{ data, error }`.
 */
import { z } from "zod";
import { FIELD_ERROR_CODES } from "./errors";
import { LIMITS } from "./limits";

/** One failing field of a refused submit. */
export const FieldErrorSchema = z.object({
  field: z.string(),
  code: z.enum(FIELD_ERROR_CODES),
  message: z.string(),
});

/** `error` of every failed answer; `code` is a key of the error catalogue. */
export const ApiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.array(z.string()).optional(),
  current_revision: z.number().int().optional(),
  rows: z.array(z.number().int()).optional(),
  /** Query of the error's page beside the catalogue's (alreadyresponded: fingerprint, customer_id, session_id). */
  page_query: z.record(z.string(), z.string()).optional(),
  /** A refused submit: every failing field, its code and a sentence for the visitor (errors.ts `field_errors`). */
  field_errors: z.array(FieldErrorSchema).optional(),
});

export const ErrorEnvelope = z.object({ data: z.null(), error: ApiErrorSchema });

const ok = <T extends z.ZodType>(data: T) => z.object({ data, error: z.null() });

/** A path segment that names a form, a session or a field (a uuid when it exists at all). */
const Id = z.string().max(LIMITS.short_text_length);

export const FormParams = z.object({ form_id: Id });

/** URL parameters: prefills, the session id, the visitor id (the last of a repeated name wins). */
export const FormQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** `GET /v1/{form_id}/session`. */
export const SessionAnswer = ok(z.object({ id: z.uuid() }));

/**
 * `GET /v1/{form_id}`: the preload (spec 1 §3.5). Its parts are described in form-model.ts;
 * a load error travels inside the preload (`data.error`) and beside it.
 */
export const PreloadAnswer = z.object({
  data: z.looseObject({
    form_id: z.string(),
    revision: z.number().int().min(0),
    session_id: z.string().nullable(),
    title: z.string(),
    method: z.literal("post"),
    blocks: z.array(z.unknown()),
    tree: z.array(z.unknown()),
    fields: z.array(z.unknown()),
    default_values: z.record(z.string(), z.unknown()),
    lang: z.string(),
    error: ApiErrorSchema.nullable(),
  }),
  error: ApiErrorSchema.nullable(),
});

export const FieldPatchParams = z.object({ session_id: Id, field_id: Id });

/** `PATCH /v1/session/{session_id}/field/{field_id}`: a string, number, boolean, null or list of strings. */
export const FieldPatchBody = z.object({ value: z.json() });

export const FieldPatchAnswer = ok(z.object({ ok: z.literal(true) }));

/** `POST /submit/{form_id}` with `Accept: application/json` (201, or 200 for a repeated submit). */
export const SubmitAnswer = ok(z.object({
  id: z.uuid(),
  form_id: z.uuid(),
  local_index: z.number().int().positive(),
  created_at: z.iso.datetime(),
  duplicate: z.boolean(),
  /** Where the visitor goes next: the owner's http(s) redirect or the completion page. */
  redirect: z.string(),
}));

export type SubmitAnswer = z.output<typeof SubmitAnswer>;
