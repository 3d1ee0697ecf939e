/** Response sessions: a tab's partial answers, saved as the visitor types (spec 1 §7). */
import { FieldworkError, LIMITS, partialValueProblem, toRawValues, type JsonValue } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { cachedFormRecord, isUuid, loadFormRecord } from "./form-record";
import { loadPublishedForm } from "./preload";

export async function createSession(db: Kysely<DB>, formId: string, userAgent: string | undefined): Promise<string> {
  const { form } = await loadPublishedForm(db, formId);
  const row = await db.insertInto("response_session")
    .values({ form_id: form.id, user_agent: userAgent?.slice(0, 512) ?? null })
    .returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** How many bytes of partial answers (their JSON) a session, and a form's unsubmitted sessions together, keep. */
export interface PartialAnswerCaps { sessionBytes: number; formBytes: number }

export const PARTIAL_ANSWER_CAPS: PartialAnswerCaps = {
  sessionBytes: LIMITS.session_partial_bytes,
  formBytes: LIMITS.form_partial_bytes,
};

/**
 * Saves one field's value into the session; the field must belong to the session's form,
 * and the value must fit it (`partialValueProblem`: no longer than the field takes, no
 * more values than it holds, only its options), so a session keeps nothing oversized.
 * A session's answers together stay under `caps.sessionBytes` (413
 * SESSION_ANSWERS_TOO_LARGE), and a form's unsubmitted sessions under `caps.formBytes`
 * (409 FORM_PARTIAL_ANSWERS_FULL; the tally is `form_partial_bytes`, grown in the same
 * statement and recounted hourly by retention.ts). A value that shrinks a session is
 * always saved.
 */
export async function saveSessionField(
  db: Kysely<DB>, sessionId: string, fieldId: string, value: unknown, caps: PartialAnswerCaps = PARTIAL_ANSWER_CAPS,
): Promise<void> {
  if (!isUuid(sessionId)) throw new FieldworkError("SESSION_NOT_FOUND");
  if (!isUuid(fieldId)) throw new FieldworkError("FIELD_NOT_FOUND");
  if (toRawValues(value) === undefined) {
    throw new FieldworkError("INVALID_FIELD_VALUE", "A field value is a string, a number, a boolean, null or a list of strings.");
  }
  const session = await db.selectFrom("response_session").select("form_id").where("id", "=", sessionId).executeTakeFirst();
  if (!session) throw new FieldworkError("SESSION_NOT_FOUND");
  const record = cachedFormRecord(db, session.form_id) ?? await loadFormRecord(db, session.form_id);
  const field = record?.fields.find((f) => f.id === fieldId);
  if (!field) throw new FieldworkError("FIELD_NOT_FOUND");
  const problem = partialValueProblem(field, value);
  if (problem) throw new FieldworkError("INVALID_FIELD_VALUE", `${field.name}: ${problem}`, [field.name]);
  // The cached definition may be a revision old: the field must still be the form's. One
  // statement: the session row is locked, its new size measured, the form's tally grown
  // only if both caps allow, and the session written only if the tally took the growth.
  const { rows } = await sql<{ new_bytes: number | null; saved: boolean }>`
    with next as (
      select s.id, s.form_id, octet_length(s.raw::text) as old_bytes,
        s.raw || jsonb_build_object(${fieldId}::text, ${JSON.stringify(value as JsonValue)}::jsonb) as raw
      from response_session s
      where s.id = ${sessionId}
        and exists (select 1 from form_field f where f.id = ${fieldId} and f.form_id = s.form_id)
      for update of s
    ),
    sized as (
      select id, form_id, raw, octet_length(raw::text) - old_bytes as growth, octet_length(raw::text) as new_bytes from next
    ),
    tally as (
      insert into form_partial_bytes as t (form_id, bytes)
      select form_id, greatest(growth, 0) from sized
      where growth <= 0 or (new_bytes <= ${caps.sessionBytes} and growth <= ${caps.formBytes})
      on conflict (form_id) do update set bytes = greatest(t.bytes + (select growth from sized), 0)
        where (select growth from sized) <= 0 or t.bytes + (select growth from sized) <= ${caps.formBytes}
      returning t.form_id
    ),
    saved as (
      update response_session s set raw = sized.raw, updated_at = now()
      from sized where s.id = sized.id and exists (select 1 from tally)
      returning s.id
    )
    select (select new_bytes from sized)::int as new_bytes, exists (select 1 from saved) as saved`.execute(db);
  const result = rows[0];
  if (result?.new_bytes === null || result?.new_bytes === undefined) throw new FieldworkError("FIELD_NOT_FOUND");
  if (result.saved) return;
  if (result.new_bytes > caps.sessionBytes) throw new FieldworkError("SESSION_ANSWERS_TOO_LARGE");
  throw new FieldworkError("FORM_PARTIAL_ANSWERS_FULL");
}
