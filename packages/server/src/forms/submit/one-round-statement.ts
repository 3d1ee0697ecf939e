/**
 * The one-round batch's statement (one-round.ts) as one prepared statement: it counts the
 * members' hits, locks the form's row, writes the rows behind it when the locked row passes the
 * guard, moves the counters, the staged files and the outbox, and answers the rows written and
 * the hits. Its text depends only on the form's table and fields (and whether the batch has
 * hits, and files to move or claim: a batch without leaves those parts out, since setting up
 * their executor nodes cost PostgreSQL more than running them): every value, the rows' included, is a parameter (one array per column, zipped by
 * `unnest`), so each pool connection parses and plans it once per table and revision instead of
 * once per batch, and it runs alone as its own transaction (no `begin`, no `commit`). Postgres
 * plans it before it waits for the lock: the form's row is held only while the rows are written
 * and committed.
 */
import { createHash } from "node:crypto";
import { columnTypeOf } from "@fieldwork/core";
import { identifier, textOf } from "../../db/statement-rounds";
import { hitsUpsert, keyHits, type CountedKey } from "../../limits/rate-limit";
import { MANAGED_SCHEMA } from "../../tables/managed-table";
import type { FormRecord } from "../form-record";
import { answerOf, claimedCte, counterCte, eventsCte, movedCte, type InsertedRow } from "./batch-insert";
import { LOCKED_FORM_COLUMNS, type PendingSubmit } from "./batch-write";

/** A row of the answer: a row written, or (`id` null) the locked form's hits; none of the latter when the form is gone. */
export type OneRoundRow = InsertedRow | { id: null; local_index: null; created_at: null; hits: CountedKey[] };

export interface PreparedQuery { name: string; text: string; values: unknown[] }

/**
 * The statement for `items`, each accepted with local_index k + 1 after the locked row's
 * `last_local_index` when the guard holds (one-round.ts says what the guard is).
 */
export function oneRoundQuery(record: FormRecord, items: readonly PendingSubmit[]): PreparedQuery {
  const { form, fields } = record;
  const values: unknown[] = [];
  const param = (value: unknown, type: string) => `$${values.push(value)}::${type}`;
  const hits = keyHits(items.flatMap((item) => (item.rate_hit ? [item.rate_hit] : [])));
  const formId = param(form.id, "uuid");
  const count = param(items.length, "int");
  const column = (read: (item: PendingSubmit) => unknown) => param(items.map((item) => textOf(read(item))), "text[]");

  const lock = hits.keys.length
    ? `hits as (${hitsUpsert(param(hits.keys, "text[]"), param(hits.windows, "int[]"), param(hits.counts, "int[]"))}),
    counted as (select coalesce(json_agg(h), '[]'::json) as hits from hits h),
    locked as (select ${LOCKED_FORM_COLUMNS}, (select hits from counted) as hits
      from form f where f.id = ${formId} and (select hits from counted) is not null for update of f)`
    : `locked as (select ${LOCKED_FORM_COLUMNS}, '[]'::json as hits from form f where f.id = ${formId} for update of f)`;

  // The guard over the locked row (one-round.ts): what the batch was read against, room for it, and no address past its limit.
  const guard = [
    `form.revision = ${param(form.revision, "int")}`,
    "not form.is_force_closed",
    `form.is_scheduling_enabled is not distinct from ${param(form.is_scheduling_enabled, "boolean")}`,
    `form.scheduling_open_at is not distinct from ${param(form.scheduling_open_at, "timestamptz")}`,
    `form.scheduling_close_at is not distinct from ${param(form.scheduling_close_at, "timestamptz")}`,
    `(form.max_form_responses_in_total is null or form.response_count + ${count} <= form.max_form_responses_in_total)`,
    ...(hits.keys.length
      ? [`not exists (select 1 from hits h join unnest(${param(hits.keys, "text[]")}, ${param(hits.maxes, "int[]")}) as l (key, max)
          on h.key = l.key where h.hits > l.max)`]
      : []),
  ].join("\n and ");

  // The rows: one array per column (text, cast per column), zipped.
  const ids = column((item) => item.row_id);
  const rowColumns: { name: string; source: string; cast: string }[] = [
    { name: "id", source: ids, cast: "uuid" },
    { name: "utc_offset", source: column((item) => item.utc_offset), cast: "int" },
    { name: "user_agent", source: column((item) => item.meta.user_agent), cast: "text" },
    { name: "referer", source: column((item) => item.meta.referer), cast: "text" },
    { name: "ip", source: column((item) => item.meta.ip), cast: "text" },
    { name: "meta", source: column((item) => JSON.stringify(Object.keys(item.extra).length ? { extra: item.extra } : {})), cast: "jsonb" },
    ...fields.map((field) => ({ name: field.name, source: column((item) => answerOf(item, field)), cast: columnTypeOf(field) })),
  ];
  const requests = param(items.map((item) => item.request_id), "text[]");
  const moves = items.flatMap((item) => item.moves.map((m) => [item.row_id, m.from, m.to] as const));
  const claims = items.flatMap((item) => item.claims.map((key) => [item.row_id, key] as const));
  const table = `${identifier(MANAGED_SCHEMA)}.${identifier(form.table_name)}`;
  const v = (i: number) => `v.c${i}`;

  const text = `
    with ${lock},
    ins as (
      insert into ${table} (local_index, session_id, customer_id, visitor_id, ${rowColumns.map((c) => identifier(c.name)).join(", ")})
      select f.last_local_index + v.n::int, null::uuid, null::uuid, null::text, ${rowColumns.map((c, i) => `${v(i)}::${c.cast}`).join(", ")}
      from unnest(${rowColumns.map((c) => c.source).join(", ")}) with ordinality as v(${rowColumns.map((_, i) => `c${i}`).join(", ")}, n)
      cross join (select last_local_index from locked form where ${guard}) f
      order by v.n
      returning *
    ),
    ${counterCte(formId, count, true)},
    requests (row_id, request_id) as (select * from unnest(${ids}::uuid[], ${requests})),
    ${moves.length ? `${movedCte(`unnest(${param(moves.map((m) => m[0]), "uuid[]")}, ${param(moves.map((m) => m[1]), "text[]")}, ${param(moves.map((m) => m[2]), "text[]")})`)},` : ""}
    ${claims.length ? `${claimedCte(`unnest(${param(claims.map((c) => c[0]), "uuid[]")}, ${param(claims.map((c) => c[1]), "text[]")})`)},` : ""}
    ${eventsCte(formId)}
    select * from (
      select id::text, local_index, created_at, null::json as hits from ins
      union all select null, null, null, hits from locked
    ) answered order by local_index nulls last`;
  return { name: `fw_one_round_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`, text, values };
}
