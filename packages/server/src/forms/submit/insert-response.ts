/**
 * Step 3 of the submit pipeline: one statement that takes the next `local_index` (the form
 * row's counter, locked for the statement, so indexes have no gaps or duplicates and the
 * total limit holds exactly), links session and customer, inserts the row and marks the
 * session submitted. A session submits once: a retry gets the row it already made. The
 * counter only moves when the form's `revision` is the one the answers were read against.
 */
import { columnTypeOf, type ColumnValue, type FormField } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { managedTable } from "../../tables/managed-table";
import type { FormRecord } from "../form-record";
import type { SystemInputs } from "./read-answers";

export interface RequestMeta {
  user_agent: string | null;
  referer: string | null;
  ip: string | null;
}

/** The insert did not happen: the limit is reached, or the definition changed meanwhile. */
export const NOT_COUNTED = Symbol("not counted");

export interface InsertedResponse {
  id: string;
  local_index: number;
  created_at: Date;
  /** True when this submit repeated an earlier one of the same session. */
  duplicate: boolean;
}

const UNIQUE_VIOLATION = "23505";
/** The table or a column is gone: the definition this insert was built from is stale. */
const STALE_SHAPE = new Set(["42P01", "42703"]);

export async function insertResponse(
  db: Kysely<DB>, { form }: FormRecord, values: Map<FormField, ColumnValue>, extra: Record<string, unknown>,
  system: SystemInputs & { session_id: string | null }, meta: RequestMeta,
): Promise<InsertedResponse | typeof NOT_COUNTED> {
  const table = managedTable(form.table_name);
  const fieldColumns = [...values.keys()].map((f) => sql.id(f.name));
  const fieldValues = [...values.entries()].map(([f, v]) => sql`${v}::${sql.raw(columnTypeOf(f))}`);
  const session = system.session_id
    ? sql`select id, customer_id from response_session where id = ${system.session_id}::uuid and form_id = ${form.id}`
    : sql`select null::uuid as id, null::uuid as customer_id where false`;
  const customer = system.visitor_id
    ? sql`insert into customer (project_id, visitor_id) values (${form.project_id}, ${system.visitor_id})
          on conflict (project_id, visitor_id) do update set last_seen_at = now() returning id`
    : sql`select null::uuid as id where false`;

  const statement = sql<{ id: string; local_index: number; created_at: Date }>`
    with sess as (${session}),
    cust as (${customer}),
    counter as (
      update form set response_count = response_count + 1
      where id = ${form.id} and revision = ${form.revision}
        and (max_form_responses_in_total is null or response_count < max_form_responses_in_total)
      returning response_count
    ),
    ins as (
      insert into ${table} (
        local_index, session_id, customer_id, visitor_id, utc_offset, user_agent, referer, ip, meta
        ${fieldColumns.length ? sql`, ${sql.join(fieldColumns)}` : sql``}
      )
      select counter.response_count, (select id from sess),
        coalesce((select id from cust), (select customer_id from sess)),
        ${system.visitor_id}, ${system.utc_offset}::int, ${meta.user_agent}, ${meta.referer}, ${meta.ip},
        ${JSON.stringify(Object.keys(extra).length ? { extra } : {})}::jsonb
        ${fieldValues.length ? sql`, ${sql.join(fieldValues)}` : sql``}
      from counter
      returning id, local_index, created_at, session_id, customer_id
    ),
    mark as (
      update response_session set submitted_at = now(), customer_id = coalesce(customer_id, (select customer_id from ins))
      where id = (select session_id from ins)
      returning id
    )
    select id, local_index, created_at from ins`;

  try {
    const { rows } = await statement.execute(db);
    const row = rows[0];
    return row ? { ...row, duplicate: false } : NOT_COUNTED;
  } catch (error) {
    if (STALE_SHAPE.has((error as { code?: string }).code ?? "")) return NOT_COUNTED;
    if (system.session_id && (error as { code?: string }).code === UNIQUE_VIOLATION) {
      const { rows } = await sql<{ id: string; local_index: number; created_at: Date }>`
        select id, local_index, created_at from ${table} where session_id = ${system.session_id}::uuid`.execute(db);
      if (rows[0]) return { ...rows[0], duplicate: true };
    }
    throw error;
  }
}
