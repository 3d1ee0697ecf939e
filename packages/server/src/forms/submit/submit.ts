/**
 * The submit pipeline of POST /submit/{form_id}, as small named steps:
 * take the form's definition (cached) → check it is open → read the answers (against the
 * current revision: outdated.ts) → check the customer's limit → insert the row. Each step throws a catalogue error and nothing is
 * written. The insert checks the definition's revision inside Postgres; when the form
 * changed meanwhile, the answers are read again against the fresh definition.
 */
import { completePath, FieldworkError, safeUrlOrUndefined } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { assertOpen } from "../availability";
import { alreadyRespondedQuery, countCustomerResponses, customerForVisitor } from "../customer";
import { cachedFormRecord, isUuid, type FormRecord } from "../form-record";
import { loadPublishedForm } from "../preload";
import { insertResponse, NOT_COUNTED, type InsertedResponse, type RequestMeta } from "./insert-response";
import { readAgainstCurrent } from "./outdated";
import { readAnswers, readSystemInputs, type PostedEntries } from "./read-answers";

export interface SubmitResult extends InsertedResponse {
  form_id: string;
  /** Where the visitor goes next: the owner's redirect, or the completion page. */
  redirect: string;
}

const ATTEMPTS = 3;

export async function submitResponse(
  db: Kysely<DB>, formId: string, entries: PostedEntries, meta: RequestMeta, now = new Date(),
): Promise<SubmitResult> {
  const cached = cachedFormRecord(db, formId);
  let record = cached?.form.is_published ? cached : await loadPublishedForm(db, formId);
  for (let attempt = 1; ; attempt++) {
    const inserted = await submitTo(db, record, entries, meta, now);
    if (inserted !== NOT_COUNTED) return { ...inserted, form_id: record.form.id, redirect: redirectAfter(record, inserted) };
    const fresh = await loadPublishedForm(db, formId);
    if (fresh.form.revision === record.form.revision) throw new FieldworkError("FORM_RESPONSE_LIMIT_REACHED");
    if (attempt === ATTEMPTS) throw new FieldworkError("FORM_CLOSED_WHILE_RESPONDING", "The form kept changing while you submitted; please try again.");
    record = fresh;
  }
}

async function submitTo(
  db: Kysely<DB>, record: FormRecord, entries: PostedEntries, meta: RequestMeta, now: Date,
): Promise<InsertedResponse | typeof NOT_COUNTED> {
  const { form } = record;
  assertOpen(form, now);
  const system = readSystemInputs(entries);
  const answers = readAgainstCurrent(
    () => readAnswers(record.fields, record.blocks, entries, form.unknown_field_handling_strategy, system.utc_offset),
    system.revision, form.revision,
  );
  const session_id = isUuid(system.session_id) ? system.session_id : null;

  const insert = (executor: Kysely<DB>) =>
    insertResponse(executor, record, answers.values, answers.extra, { ...system, session_id }, meta);

  const limit = form.max_form_responses_by_customer;
  const visitor = system.visitor_id;
  if (limit === null || !visitor) return insert(db);
  // One visitor's submits to this form take turns (a transaction-scoped advisory lock), so
  // the count each one reads includes the others' rows: N allowed means N accepted.
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`${form.id}:${visitor}`}, 0))`.execute(trx);
    const customer = await customerForVisitor(trx, form.project_id, visitor);
    if (await countCustomerResponses(trx, form.table_name, customer) >= limit) {
      throw new FieldworkError("FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED", undefined, undefined, {
        page_query: alreadyRespondedQuery(visitor, customer, session_id),
      });
    }
    return insert(trx);
  });
}

/**
 * The owner's redirect when it is a web address or a path here (checked again: a row saved
 * before URLs were checked may hold `javascript:`), else the completion page.
 */
function redirectAfter({ form, document }: FormRecord, inserted: InsertedResponse): string {
  return safeUrlOrUndefined(document.redirect_after_response_uri)
    ?? completePath(form.id, inserted.local_index);
}
