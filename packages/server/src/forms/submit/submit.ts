/**
 * The submit pipeline of POST /submit/{form_id}, as small named steps:
 * take the form's definition (cached) → check it is open → read the answers (against the
 * current revision: outdated.ts) → wait for this form's next batch (submit-queue.ts), whose
 * transaction checks closing, schedule, the limits, the session's earlier answer and the
 * stock against the locked form row and writes the row (batch-write.ts). Each step refuses
 * with a catalogue error and nothing is written. When the form changed meanwhile, the answers
 * are read again against the fresh definition; a refusal read against the cache is read again
 * against the current form before it is answered, so a stale cache (an edit since, on this
 * instance or another) never refuses answers that fit the form as it is now.
 */
import { assertReferencedKeys } from "../../references/reference-lookup";
import {
  completePath, FieldworkError, messagesFor, PARAM, paymentAmount, paymentFieldOf, safeUrlOrUndefined, type ColumnValue, type FormField,
} from "@fieldwork/core";
import type { Kysely } from "kysely";
import { randomUUID } from "node:crypto";
import type { DB } from "../../db/schema";
import type { ExternalConnections } from "../../external/connection-service";
import { writeToFormTarget } from "../../external/form-target";
import { countUnlessCounted, RateLimitedError, type PendingHit } from "../../limits/rate-limit";
import { noteRowsWritten } from "../../tables/search-filler";
import type { PostedFiles } from "../files/posted-files";
import type { SignatureUpload } from "../files/signature-upload";
import { assertOpen } from "../availability";
import { alreadyRespondedQuery, namedCustomerId } from "../customer";
import { cachedFormRecord, isUuid, type FormRecord } from "../form-record";
import { loadPublishedForm } from "../preload";
import type { InsertedResponse, PaidWith, PendingSubmit, RequestMeta } from "./batch-write";
import { placeFiles } from "./file-answers";
import { readAgainstCurrent } from "./outdated";
import { readAnswers, readSystemInputs, type PostedEntries } from "./read-answers";
import { submitInBatch } from "./submit-queue";

export type { RequestMeta };

export interface SubmitResult extends InsertedResponse {
  form_id: string;
  /** Where the visitor goes next: the owner's redirect, or the completion page. */
  redirect: string;
}

export interface SubmitRequest {
  meta: RequestMeta;
  /** The `customer_id` cookie (PARAM.customer_uuid), when the browser sent one. */
  customer_cookie?: string | undefined;
  /** The request's log id, stored with the events the submit makes (their webhook deliveries log it). */
  request_id?: string | undefined;
  /** The per-address hit the submit counts in its batch (PostgreSQL), or null when the hook counted it. */
  rate_hit?: PendingHit | null | undefined;
  /** The files of the submit by field id: streamed parts and signed uploads (forms/files/posted-files.ts). */
  files?: PostedFiles;
  /** Pictures posted for signature fields by the page without scripts, by field id (files/signature-upload.ts). */
  signatures?: ReadonlyMap<string, SignatureUpload>;
  /**
   * The confirmed payment the answer comes with (payments/payment-complete.ts), and what the
   * payment field stores. Without it, a form whose answers cost something refuses PAYMENT_REQUIRED.
   */
  payment?: (PaidWith & { value: ColumnValue }) | undefined;
  /** External connections: a form connected to an external table writes there too (external/form-target.ts). */
  external?: ExternalConnections | undefined;
}

const ATTEMPTS = 3;

export async function submitResponse(
  db: Kysely<DB>, formId: string, entries: PostedEntries, request: SubmitRequest, now = new Date(),
): Promise<SubmitResult> {
  const counted = { in_batch: false };
  try {
    return await submitOnce(db, formId, entries, request, now, counted);
  } catch (error) {
    // Refused before a batch counted it (bad answers, a closed form…): it still counts, alone.
    if (!counted.in_batch) await countUnlessCounted(db, request.rate_hit ?? null);
    throw error;
  }
}

async function submitOnce(
  db: Kysely<DB>, formId: string, entries: PostedEntries, request: SubmitRequest, now: Date, counted: { in_batch: boolean },
): Promise<SubmitResult> {
  const cached = cachedFormRecord(db, formId);
  let record = cached?.form.is_published ? cached : await loadPublishedForm(db, formId);
  // Whether `record` was read from the database by this submit (not the cache another request left).
  let fresh = record !== cached;
  for (let attempt = 1; ; attempt++) {
    let item: PendingSubmit;
    try {
      item = readSubmit(record, entries, counted.in_batch ? { ...request, rate_hit: null } : request, now);
    } catch (error) {
      // The cache may hold an older definition or form row (an edit since, made here or on
      // another instance): a refusal counts only when read against the current form.
      if (fresh || !(error instanceof FieldworkError)) throw error;
      record = await loadPublishedForm(db, formId);
      fresh = true;
      continue;
    }
    if (record.fields.some((f) => f.type === "search" && f.reference !== null)) {
      await assertReferencedKeys(db, record.form.project_id, record.fields, item.values, request.external);
    }
    const inserted = await submitTo(db, record, item, counted);
    if (inserted && !inserted.duplicate && request.external) {
      await writeToFormTarget(db, request.external, record.form, inserted.id, item.values);
    }
    if (inserted) return { ...inserted, form_id: record.form.id, redirect: redirectAfter(record, inserted) };
    if (attempt >= ATTEMPTS) throw new FieldworkError("FORM_CLOSED_WHILE_RESPONDING", "The form kept changing while you submitted; please try again.");
    record = await loadPublishedForm(db, formId);
    fresh = true;
  }
}

/** The answers read against `record`, ready for the batch; throws the refusal when they do not fit. */
export function readSubmit(record: FormRecord, entries: PostedEntries, request: SubmitRequest, now: Date): PendingSubmit {
  const { form } = record;
  const system = readSystemInputs(entries);
  // A closed form refuses before reading answers; with a session, the batch decides, so a
  // retry of an answer already taken still gets it (exactly once) after the form closed.
  if (!isUuid(system.session_id)) assertOpen(form, now);
  const answers = readAgainstCurrent(
    () => readAnswers(record.fields, record.blocks, entries, form.unknown_field_handling_strategy, system.utc_offset, request.files, messagesFor(record.document.lang), request.signatures),
    system.revision, form.revision,
  );
  // The row's id is chosen here so the files' final paths (its folder) go in with the row.
  const row_id = randomUUID();
  const session_id = isUuid(system.session_id) ? system.session_id : null;
  const placed = placeFiles(form.id, row_id, session_id, record.fields, answers.files);
  const values = new Map([...answers.values].map(([field, value]) => [field.id, placed.values.has(field.id) ? placed.values.get(field.id)! : value]));
  const payment = request.payment;
  if (payment) {
    const field = paymentFieldOf(record.fields)?.field;
    if (field) values.set(field.id, payment.value);
  } else if (paymentAmount(record.fields, values)) {
    // Answers that cost something are stored only with their confirmed payment (Pay, never a bare submit).
    throw new FieldworkError("PAYMENT_REQUIRED");
  }
  return {
    row_id, moves: placed.moves, claims: placed.claims,
    values,
    extra: answers.extra,
    session_id,
    customer_uuid: namedCustomerId(entries.get(PARAM.customer_uuid)?.at(-1)?.trim() || request.customer_cookie),
    visitor_id: system.visitor_id, utc_offset: system.utc_offset, meta: request.meta, request_id: request.request_id ?? null,
    demand: payment ? [] : demandOf(record, answers.values), now, rate_hit: request.rate_hit ?? null,
    payment: payment ? { id: payment.id, held_level_ids: payment.held_level_ids } : null,
  };
}

/** The inserted (or earlier) row, or null when the definition changed and the answers must be read again. */
async function submitTo(
  db: Kysely<DB>, record: FormRecord, item: PendingSubmit, counted: { in_batch: boolean },
): Promise<InsertedResponse | null> {
  const outcome = await submitInBatch(db, record, item);
  // Counted by the batch's transaction, whatever its outcome (a stale batch commits its hits too).
  if (item.rate_hit) counted.in_batch = true;
  switch (outcome.kind) {
    case "inserted":
      noteRowsWritten(db, record.form.table_name);
      return outcome.row;
    case "stale": return null;
    case "refused":
      if (outcome.code === "RATE_LIMITED" && item.rate_hit) throw new RateLimitedError(item.rate_hit.limit, outcome.retry_after ?? 1);
      if (outcome.code === "FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED" && outcome.customer_id) {
        throw new FieldworkError(outcome.code, undefined, undefined, {
          page_query: alreadyRespondedQuery(item.visitor_id, outcome.customer_id, item.session_id),
        });
      }
      throw new FieldworkError(outcome.code);
  }
}

/** The tracked options an answer takes one unit of each (ids). */
export function demandOf(record: FormRecord, values: ReadonlyMap<FormField, ColumnValue>): string[] {
  const tracked = record.tracked_option_ids;
  if (!tracked.size) return [];
  return [...values].flatMap(([field, value]) => {
    const chosen = Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];
    return field.options.filter((o) => tracked.has(o.id) && chosen.includes(o.value)).map((o) => o.id);
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
