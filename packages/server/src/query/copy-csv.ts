/**
 * The CSV line of one row, built by PostgreSQL for `COPY … TO STDOUT` (copy-export.ts), so
 * that it is byte for byte what the batched export writes for the same row: the batched path
 * reads `row_to_json` of the row, parses it in Node and writes each value with core's
 * `csvCell`. One rule, written twice: this file is that rule in SQL, and
 * `copy-csv.test.ts` compares the two on the same values (fast-check).
 *
 * - text: formula neutralized (a `'` before `= + - @`, tab, CR), then quoted when it holds
 *   a comma, quote or line break, quotes doubled;
 * - a number: as JavaScript writes the double `JSON.parse` makes of Postgres's JSON number
 *   (shortest round-trip digits, `1e+21` / `1e-7` past JS's bounds, ±Infinity past the
 *   double range); NaN and ±Infinity are JSON strings, so text (`'-Infinity`);
 * - booleans `true`/`false`; an array: its JSON text, quoted; NULL: empty.
 *
 * Only column types whose JSON this can write exactly take the COPY path: `csvLineSql`
 * answers null for any other (jsonb keeps its keys in another order than JSON.parse, numeric
 * arrays would need each number rewritten), and the export keeps the batched path.
 */
import type { ReadQuery } from "@fieldwork/core";
import { sql, type RawBuilder } from "kysely";
import type { TableCatalog } from "./catalog";
import { columnRef, resolveColumn } from "./sql-builder";

type Sql = RawBuilder<unknown>;

/** Text as csvCell writes a string: neutralized, then quoted if it must be. */
export function textCellSql(text: Sql): Sql {
  const neutral = sql`(case when ${text} ~ '^[=+\\-@\t\r]' then '''' || ${text} else ${text} end)`;
  return quotedSql(neutral);
}

/** RFC 4180 quoting, as csvCell's last step. */
function quotedSql(text: Sql): Sql {
  return sql`(case when ${text} ~ '[",\r\n]' then '"' || replace(${text}, '"', '""') || '"' else ${text} end)`;
}

/** The power of ten of a nonzero numeric's first digit, read from its text (no log rounding). */
function exponentSql(n: Sql): Sql {
  return sql`(case when abs(${n}) >= 1 then length(trunc(abs(${n}))::text) - 1
    else -(length(substring(abs(${n})::text from '^0\\.(0*)')) + 1) end)`;
}

/**
 * A double's shortest round-trip digits as an exact numeric, as JavaScript picks them.
 * Postgres prints the shortest digits too, except that it does not take a form lying exactly
 * on the rounding boundary (-22100721689406486: JS "…490", Postgres "…488"): its output is
 * tried one digit shorter first.
 */
function shortestSql(f: Sql): Sql {
  const x = sql`${f}::text::numeric`;
  const digits = sql`length(trim(leading '0' from regexp_replace(split_part(${f}::text, 'e', 1), '[^0-9]', '', 'g')))`;
  const shorter = sql`round(${x}, ${digits} - 2 - ${exponentSql(x)})`;
  return sql`trim_scale(case when ${digits} < 2 or abs(${x}) >= 1e308 then ${x}
    when ${shorter}::float8 = ${f} then ${shorter}
    else ${x} end)`;
}

/** A nonzero numeric as JavaScript's exponential form: `-1.5e-7`, `1e+21`. */
function exponentialSql(n: Sql): Sql {
  const e = exponentSql(n);
  const d = sql`trim(both '0' from regexp_replace(abs(${n})::text, '[^0-9]', '', 'g'))`;
  return sql`((case when ${n} < 0 then '-' else '' end) || left(${d}, 1)
    || (case when length(${d}) > 1 then '.' || substr(${d}, 2) else '' end)
    || 'e' || (case when ${e} >= 0 then '+' else '-' end) || abs(${e})::text)`;
}

/** The double nearest a finite JSON number's text, as JavaScript's String() writes it. */
function jsNumberSql(text: Sql): Sql {
  const f = sql`(${text})::float8`;
  const c = shortestSql(f);
  return sql`(case when abs(${f}) >= 1e21 or (${f} <> 0 and abs(${f}) < 1e-6)
    then ${exponentialSql(c)} else ${c}::text end)`;
}

/**
 * A numeric's JSON text as csvCell writes what JSON.parse makes of it: past the double
 * range JSON.parse gives ±Infinity (or 0 below the smallest double), where Postgres's cast
 * would fail; NaN and ±Infinity are JSON strings (text, so neutralized).
 */
function numericCellSql(text: Sql): Sql {
  const n = sql`(${text})::numeric`;
  // Most numbers: at most 15 digits, in plain notation's range. Those are exactly a double's
  // shortest digits (DBL_DIG), so JavaScript writes the decimal itself, trailing zeros dropped.
  return sql`(case when ${text} ~ '^-?[0-9]+(\\.[0-9]+)?$' and length(ltrim(translate(${text}, '-.', ''), '0')) <= 15
      and (abs(${n}) >= 0.000001 or ${n} = 0) then trim_scale(${n})::text
    when ${text} in ('NaN', 'Infinity', '-Infinity') then ${textCellSql(text)}
    when abs(${n}) >= 179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792 then (case when ${n} > 0 then 'Infinity' else '-Infinity' end)
    when abs(${n}) <= 0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000024703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125 then '0'
    else ${jsNumberSql(text)} end)`;
}

const INTEGER = new Set(["smallint", "integer"]);
const FLOAT = new Set(["bigint", "real", "double precision"]);
/** Scalars whose JSON is a string: the cell is that string (to_json writes dates as ISO). */
const JSON_STRING = new Set(["date", "time without time zone", "time with time zone", "timestamp without time zone", "timestamp with time zone", "uuid"]);
/** Arrays whose JSON has no number in it (or only integers JavaScript keeps exactly). */
const ARRAYS = new Set(["text[]", "character varying[]", "uuid[]", "boolean[]", "date[]", "timestamp with time zone[]", "smallint[]", "integer[]"]);

const baseType = (sqlType: string) => sqlType.replace(/\(\d+(,\d+)?\)/, "");

/** One column's cell, or null when its type keeps the batched path. */
export function cellSql(sqlType: string, ref: Sql): Sql | null {
  const type = baseType(sqlType);
  if (type === "text" || type === "character varying") return textCellSql(sql`${ref}::text`);
  if (type === "boolean") return sql`(case when ${ref} then 'true' when not ${ref} then 'false' end)`;
  if (INTEGER.has(type)) return sql`${ref}::text`;
  if (FLOAT.has(type) || type === "numeric") return numericCellSql(sql`${ref}::text`);
  if (JSON_STRING.has(type)) return textCellSql(sql`(to_json(${ref}) #>> '{}')`);
  if (ARRAYS.has(type)) return quotedSql(sql`to_json(${ref})::text`);
  return null;
}

/**
 * The CSV line (cells joined by commas, then CR; COPY's text format adds the LF) of each row
 * of `select`, reading the table under the alias `t`; null when a column's type is not one
 * this writes exactly.
 */
export function csvLineSql(catalog: TableCatalog, select: ReadQuery["select"]): Sql | null {
  const columns = select === "*" ? catalog.columns.filter((c) => !c.hidden) : select.map((s) => resolveColumn(catalog, s.column));
  const cells: Sql[] = [];
  for (const column of columns) {
    const cell = cellSql(column.sql_type, columnRef(column.name));
    if (!cell) return null;
    cells.push(sql`coalesce(${cell}, '')`);
  }
  return cells.length ? sql`concat_ws(',', ${sql.join(cells)}) || chr(13)` : sql`chr(13)`;
}
