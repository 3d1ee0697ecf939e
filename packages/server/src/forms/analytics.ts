/**
 * A form's analytics (`FormAnalytics`, spec 3 §2 "Realtime analytics"), computed by Postgres
 * on the form's managed table, never by loading rows: four statements whatever the number of
 * rows or fields, read in one repeatable-read transaction so their numbers agree.
 *
 * 1. one scan: the total, rows answered per field, and min / max / avg / median of numeric
 *    fields (finite values only; NaN and ±Infinity, which numeric columns can hold, count as
 *    answered but not as numbers);
 * 2. rows per `date_trunc(interval, created_at, 'UTC')`;
 * 3. rows per stored value of each choice field (lists unnested), most frequent first;
 * 4. ten equal-width buckets per numeric field (`width_bucket`, the maximum in the last).
 *
 * ```sql
 * select count(*) as total,
 *   count(*) filter (where "plan" is not null and "plan" <> '') as a0,
 *   count(*) filter (where cardinality("tags") > 0) as a1, …
 * from form_data."people_3f2a9c1d"
 * ```
 */
import {
  capabilityOf, columnTypeOf, LIMITS, type AnalyticsInterval, type FieldSummary, type FormAnalytics,
  type FormField, type NumericSummary, type OptionCount,
} from "@fieldwork/core";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../db/schema";
import { managedTable } from "../tables/managed-names";
import type { FormRecord } from "./form-record";

export const ANALYTICS_BUCKETS = 10;
/** Stored values of one choice field reported at most (the options, and the most frequent others). */
const VALUES_PER_FIELD = LIMITS.options_per_field + 100;

type Row = Record<string, unknown>;
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Whether a row holds a value in this field's column: not null, not '', not an empty list. */
export function answeredSql(field: FormField): RawBuilder<unknown> {
  const column = sql.id(field.name);
  switch (columnTypeOf(field)) {
    case "text": return sql`${column} <> ''`;
    case "text[]": case "numeric[]": return sql`cardinality(${column}) > 0`;
    case "jsonb": return sql`${column} not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb)`;
    default: return sql`${column} is not null`;
  }
}

const isChoice = (field: FormField) => capabilityOf(field.type).options;
const isNumeric = (field: FormField) => columnTypeOf(field) === "numeric";
/** Finite numbers only: numeric sorts NaN above +Infinity. */
const finite = (column: RawBuilder<unknown>) => sql`${column} > '-Infinity'::numeric and ${column} < 'Infinity'::numeric`;

export async function formAnalytics(db: Kysely<DB>, record: FormRecord, interval: AnalyticsInterval): Promise<FormAnalytics> {
  const table = managedTable(record.form.table_name);
  const fields = record.fields;
  const numeric = fields.filter(isNumeric);
  const choices = fields.filter(isChoice);

  return db.transaction().setIsolationLevel("repeatable read").execute(async (trx) => {
    const aggregates = [
      sql`count(*) as total`,
      ...fields.map((f, i) => sql`count(*) filter (where ${answeredSql(f)}) as ${sql.id(`a${i}`)}`),
      ...numeric.flatMap((f, i) => {
        const c = sql.id(f.name);
        // percentile_cont works in float8; a numeric beyond its range is clamped for the median only.
        const clamped = sql`least(greatest(${c}, -1e308), 1e308)::float8`;
        return [
          sql`min(${c}) filter (where ${finite(c)}) as ${sql.id(`min${i}`)}`,
          sql`max(${c}) filter (where ${finite(c)}) as ${sql.id(`max${i}`)}`,
          sql`avg(${c}) filter (where ${finite(c)}) as ${sql.id(`avg${i}`)}`,
          sql`percentile_cont(0.5) within group (order by ${clamped}) filter (where ${finite(c)}) as ${sql.id(`med${i}`)}`,
        ];
      }),
    ];
    const summary = (await sql<Row>`select ${sql.join(aggregates)} from ${table}`.execute(trx)).rows[0] ?? {};
    const total = Number(summary.total ?? 0);

    const overTime = await sql<{ at: Date; count: number }>`
      select date_trunc(${interval}, created_at, 'UTC') as at, count(*) as count
      from ${table} group by 1 order by 1`.execute(trx);

    const valueCounts = new Map<number, { value: string; count: number }[]>();
    if (choices.length > 0 && total > 0) {
      const branches = choices.map((f, i) => {
        const c = sql.id(f.name);
        const values = columnTypeOf(f) === "text[]"
          ? sql`select ${i}::int as k, v as value, count(*) as n from ${table} cross join lateral unnest(${c}) as u(v) where v <> '' group by v`
          : sql`select ${i}::int as k, ${c} as value, count(*) as n from ${table} where ${c} <> '' group by ${c}`;
        return sql`(${values} order by n desc, value limit ${VALUES_PER_FIELD})`;
      });
      const { rows } = await sql<{ k: number; value: string; n: number }>`${sql.join(branches, sql` union all `)}`.execute(trx);
      for (const row of rows) {
        const list = valueCounts.get(row.k) ?? [];
        list.push({ value: row.value, count: Number(row.n) });
        valueCounts.set(row.k, list);
      }
    }

    const numericSummaries = numeric.map((_, i): NumericSummary => ({
      min: num(summary[`min${i}`]), max: num(summary[`max${i}`]), avg: num(summary[`avg${i}`]), median: num(summary[`med${i}`]),
      buckets: [],
    }));
    await fillBuckets(trx, table, numeric, numericSummaries);

    const fieldSummaries = fields.map((field, i): FieldSummary => {
      const answered = Number(summary[`a${i}`] ?? 0);
      const result: FieldSummary = {
        field_id: field.id, name: field.name, label: field.label, type: field.type,
        answered, completion_rate: total === 0 ? 0 : answered / total,
      };
      if (isChoice(field)) result.options = optionCounts(field, valueCounts.get(choices.indexOf(field)) ?? []);
      if (isNumeric(field)) result.numeric = numericSummaries[numeric.indexOf(field)]!;
      return result;
    });

    return {
      total, interval,
      over_time: overTime.rows.map((r) => ({ at: new Date(r.at).toISOString(), count: Number(r.count) })),
      fields: fieldSummaries,
      computed_at: new Date().toISOString(),
    };
  });
}

/** Each option in its order (0 when nobody chose it), then stored values that are no options (label null). */
export function optionCounts(field: FormField, counted: { value: string; count: number }[]): OptionCount[] {
  const byValue = new Map(counted.map((c) => [c.value, c.count]));
  const known = new Set(field.options.map((o) => o.value));
  return [
    ...field.options.map((o) => ({ value: o.value, label: o.label ?? o.value, count: byValue.get(o.value) ?? 0 })),
    ...counted.filter((c) => !known.has(c.value)).map((c) => ({ value: c.value, label: null, count: c.count })),
  ];
}

/**
 * Ten buckets of width (max − min) / 10 per numeric field with a range (the maximum falls in
 * the last; a bound rounded on its way through JavaScript is clamped back into the first or
 * last bucket), or one bucket when min = max.
 */
async function fillBuckets(trx: Kysely<DB>, table: RawBuilder<unknown>, numeric: FormField[], summaries: NumericSummary[]): Promise<void> {
  const spread = (s: NumericSummary) => s.min !== null && s.max !== null && s.min < s.max && Number.isFinite(s.max - s.min);
  const branches = numeric.flatMap((field, i) => {
    const { min, max } = summaries[i]!;
    if (min === null || max === null) return [];
    const c = sql.id(field.name);
    const bucket = spread(summaries[i]!)
      ? sql`greatest(1, least(width_bucket(${c}, ${String(min)}::numeric, ${String(max)}::numeric, ${ANALYTICS_BUCKETS}), ${ANALYTICS_BUCKETS}))`
      : sql`1`;
    return [sql`(select ${i}::int as k, ${bucket} as b, count(*) as n from ${table} where ${finite(c)} group by 2)`];
  });
  if (branches.length === 0) return;
  const { rows } = await sql<{ k: number; b: number; n: number }>`${sql.join(branches, sql` union all `)}`.execute(trx);
  summaries.forEach((summary, i) => {
    const { min, max } = summary;
    if (min === null || max === null) return;
    const counts = new Map(rows.filter((r) => r.k === i).map((r) => [Number(r.b), Number(r.n)]));
    if (!spread(summary)) {
      summary.buckets = [{ from: min, to: max, count: counts.get(1) ?? 0 }];
      return;
    }
    const width = (max - min) / ANALYTICS_BUCKETS;
    summary.buckets = Array.from({ length: ANALYTICS_BUCKETS }, (_, b) => ({
      from: min + b * width,
      to: b === ANALYTICS_BUCKETS - 1 ? max : min + (b + 1) * width,
      count: counts.get(b + 1) ?? 0,
    }));
  });
}
