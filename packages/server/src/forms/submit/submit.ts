/**
 * The submit pipeline of POST /submit/{form_id}, as small named steps:
 * load the published form → check it is open → read the answers → check the customer's
 * limit → insert the row. Each step throws a catalogue error and nothing is written.
 */
import { FieldworkError } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { assertOpen } from "../availability";
import { countCustomerResponses, customerForVisitor } from "../customer";
import { isUuid } from "../form-record";
import { loadPublishedForm } from "../preload";
import { insertResponse, type InsertedResponse, type RequestMeta } from "./insert-response";
import { readAnswers, readSystemInputs, type PostedEntries } from "./read-answers";

export interface SubmitResult extends InsertedResponse {
  form_id: string;
  /** Where the visitor goes next: the owner's redirect, or the completion page. */
  redirect: string;
}

export async function submitResponse(
  db: Kysely<DB>, formId: string, entries: PostedEntries, meta: RequestMeta, now = new Date(),
): Promise<SubmitResult> {
  const record = await loadPublishedForm(db, formId);
  const { form, document } = record;
  assertOpen(form, now);

  const system = readSystemInputs(entries);
  const answers = readAnswers(record.fields, entries, form.unknown_field_handling_strategy, system.utc_offset);
  const session_id = isUuid(system.session_id) ? system.session_id : null;

  if (form.max_form_responses_by_customer !== null && system.visitor_id) {
    const customer = await customerForVisitor(db, form.project_id, system.visitor_id);
    if (await countCustomerResponses(db, form.table_name, customer) >= form.max_form_responses_by_customer) {
      throw new FieldworkError("FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED");
    }
  }

  const inserted = await insertResponse(db, record, answers.values, answers.extra, { ...system, session_id }, meta);
  const redirect = document.redirect_after_response_uri
    ?? `/d/e/${form.id}/complete?${new URLSearchParams({ response: String(inserted.local_index) }).toString()}`;
  return { ...inserted, form_id: form.id, redirect };
}
