/** Response sessions: a tab's partial answers, saved as the visitor types (spec 1 §7). */
import { FieldworkError, partialValueProblem, toRawValues, type JsonValue } from "@fieldwork/core";
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

/**
 * Saves one field's value into the session; the field must belong to the session's form,
 * and the value must fit it (`partialValueProblem`: no longer than the field takes, no
 * more values than it holds, only its options), so a session keeps nothing oversized.
 */
export async function saveSessionField(db: Kysely<DB>, sessionId: string, fieldId: string, value: unknown): Promise<void> {
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
  // The cached definition may be a revision old: the field must still be the form's.
  const result = await sql`
    update response_session s
    set raw = s.raw || jsonb_build_object(${fieldId}::text, ${JSON.stringify(value as JsonValue)}::jsonb), updated_at = now()
    where s.id = ${sessionId}
      and exists (select 1 from form_field f where f.id = ${fieldId} and f.form_id = s.form_id)`.execute(db);
  if (Number(result.numAffectedRows ?? 0) === 0) throw new FieldworkError("FIELD_NOT_FOUND");
}
