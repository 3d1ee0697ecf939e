/**
 * The preload answer of `GET /v1/{form_id}` (spec 1 §3.5): the form to render plus, when
 * the form takes no answers from this visitor, an error with a code.
 */
import {
  browserMessages, buildTree, withButtonLabels, capabilityOf, FieldworkError, missingRequiredHiddenFields, PARAM, uploadRequestPath, uploadTypeOf, type ApiError, type ErrorCode, type FormField,
  type FormPreload, type JsonValue,
} from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { closedReason } from "./availability";
import { alreadyRespondedQuery, countByCustomer, customersForVisitors, namedCustomerId } from "./customer";
import { buttonLabelsOf, endingOf, stylesheetOf } from "./form-document";
import { isUuid, loadFormRecord, type FormRecord } from "./form-record";
import { soldOutAtLoad } from "../inventory/preload-stock";
import { pageForm } from "./page-snapshot";

export interface PreloadInput {
  form_id: string;
  session_id?: string | undefined;
  visitor_id?: string | undefined;
  /** The PARAM.customer_uuid cookie, when the browser sent one. */
  customer_cookie?: string | undefined;
  /** URL parameters of the form page, passed through; they prefill fields by name. */
  params: Record<string, string>;
  now?: Date;
}

/**
 * The customer the page names (spec: a `customer_id` URL parameter, or the PARAM.customer_uuid
 * parameter or cookie), a uuid v4, or null: then the fingerprint identifies the visitor.
 */
function namedCustomer(input: PreloadInput): string | null {
  return namedCustomerId(input.params.customer_id ?? input.params[PARAM.customer_uuid] ?? input.customer_cookie);
}

export async function loadPublishedForm(db: Kysely<DB>, formId: string): Promise<FormRecord> {
  const record = await loadFormRecord(db, formId);
  if (!record || !record.form.is_published) throw new FieldworkError("FORM_NOT_FOUND");
  return record;
}

export async function preloadForm(db: Kysely<DB>, input: PreloadInput): Promise<FormPreload> {
  const { record, fields } = await pageForm(db, input.form_id);
  const { form, document, blocks } = record;

  const session = isUuid(input.session_id)
    ? await db.selectFrom("response_session").select(["id", "raw"])
      .where("id", "=", input.session_id).where("form_id", "=", form.id).executeTakeFirst()
    : undefined;

  const default_values: Record<string, JsonValue> = {};
  for (const field of fields) {
    const saved = session?.raw[field.id];
    if (saved !== undefined) default_values[field.name] = saved;
    const param = input.params[field.name];
    if (param !== undefined) default_values[field.name] = param;
  }

  const error = await loadError(db, { ...record, fields }, input, default_values);
  return {
    form_id: form.id,
    revision: form.revision,
    session_id: session?.id ?? null,
    start_page: document.start_page,
    title: form.title,
    method: form.method,
    blocks,
    tree: buildTree(blocks),
    fields: session ? fields.map((field) => withUploadUrls(field, session.id)) : fields,
    default_values,
    options: {
      optimize_for_cjk: document.optimize_for_cjk,
      is_powered_by_branding_enabled: document.is_powered_by_branding_enabled,
    },
    lang: document.lang,
    messages: withButtonLabels(browserMessages(document.lang), buttonLabelsOf(document)),
    stylesheet: stylesheetOf(document),
    background: document.background,
    campaign: {
      is_force_closed: form.is_force_closed,
      is_scheduling_enabled: form.is_scheduling_enabled,
      scheduling_open_at: form.scheduling_open_at?.toISOString() ?? null,
      scheduling_close_at: form.scheduling_close_at?.toISOString() ?? null,
      scheduling_tz: form.scheduling_tz,
      max_form_responses_in_total: form.max_form_responses_in_total,
      max_form_responses_by_customer: form.max_form_responses_by_customer,
    },
    ending: endingOf(document),
    error,
  };
}

async function loadError(
  db: Kysely<DB>, { form, fields, blocks }: FormRecord, input: PreloadInput, values: Record<string, JsonValue>,
): Promise<ApiError | null> {
  const error = (code: ErrorCode, extra: Partial<ApiError> = {}): ApiError =>
    ({ code, message: new FieldworkError(code).message, ...extra });

  const closed = closedReason(form, input.now ?? new Date(), "load");
  if (closed) return error(closed);

  const soldOut = soldOutAtLoad(fields, blocks);
  if (soldOut.length) return error("FORM_SOLD_OUT", { fields: soldOut });

  const named = namedCustomer(input);
  if (form.max_form_responses_by_customer !== null && (named || input.visitor_id)) {
    const customer = named ?? (await customersForVisitors(db, form.project_id, [input.visitor_id!])).get(input.visitor_id!)!;
    const given = (await countByCustomer(db, form.table_name, [customer])).get(customer) ?? 0;
    if (given >= form.max_form_responses_by_customer) {
      return error("FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED", { page_query: alreadyRespondedQuery(input.visitor_id, customer, input.session_id) });
    }
  }

  const missing = missingRequiredHiddenFields(fields, (name) => values[name]);
  // The bad-request page lists them too (`fields=`): a link missing its parameters says which.
  if (missing.length) return error("MISSING_REQUIRED_HIDDEN_FIELDS", { fields: missing, page_query: { fields: missing.join(",").slice(0, 200) } });
  return null;
}

/**
 * A request-url file field names its calls for this session (spec 1 §7 "Upload calls"):
 * `upload.request_url` (PUT `{file: {name, size}}`) and `upload.resolve_url` (GET `?path=`).
 */
function withUploadUrls(field: FormField, sessionId: string): FormField {
  if (!capabilityOf(field.type).file || uploadTypeOf(field) !== "requesturl") return field;
  const request_url = uploadRequestPath(sessionId, field.id);
  return { ...field, upload: { type: "requesturl", request_url, resolve_url: `${request_url}/resolve` } };
}
