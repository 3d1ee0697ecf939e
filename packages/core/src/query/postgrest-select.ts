/**
 * `select=`, `order=`, `limit`/`offset` and the `Range` header in PostgREST syntax, both ways.
 * Names in `select` and `order` may be double-quoted (`select="my,col"`, `order="a.b".desc`);
 * bare names are trimmed. What Fieldwork does not support (embedded resources, aggregates,
 * casts, JSON paths) is refused with a message that says so.
 */
import { FieldworkError } from "../error-catalogue";
import type { OrderTerm, SelectItem } from "./ast";
import { Cursor, quoteForMessage, queryInvalid, quoteName } from "./postgrest-cursor";

/** Refuses PostgREST features a bare name may spell: `items(*)`, `count()`, `a::text`, `a->b`. */
function checkBareName(cursor: Cursor, name: string, where: string): void {
  if (name.includes("(") || name.includes(")")) {
    cursor.reject(`embedded resources and aggregates (${quoteForMessage(name)}) are not supported in ${where}; name columns of this table`);
  }
  if (name.includes("->")) cursor.reject(`JSON paths (${quoteForMessage(name)}) are not supported in ${where}`);
  if (name.includes("::")) cursor.reject(`casts (${quoteForMessage(name)}) are not supported in ${where}`);
}

/** A quoted name as written, or a bare one up to one of `stops`, trimmed. */
function readName(cursor: Cursor, stops: string, where: string): { name: string; quoted: boolean } {
  cursor.skipWhitespace();
  if (cursor.peek() === '"') {
    const name = cursor.readQuoted();
    cursor.skipWhitespace();
    return { name, quoted: true };
  }
  const name = cursor.readUntil(stops).trim();
  checkBareName(cursor, name, where);
  return { name, quoted: false };
}

/** `a,b,alias:c`, `*` (alone), or quoted names: `"a,b",label:"x:y"`. */
export function parseSelect(value: string): "*" | SelectItem[] {
  const cursor = new Cursor(value, "select");
  if (value.trim() === "") cursor.reject("select names no column; leave it out to select every column");
  const items: SelectItem[] = [];
  let star = false;
  for (;;) {
    const first = readName(cursor, ",:", "select");
    let item: SelectItem = { column: first.name };
    if (cursor.startsWith("::")) cursor.reject("casts are not supported in select");
    if (cursor.peek() === ":") {
      cursor.pos += 1;
      if (cursor.peek() === ":") cursor.reject("casts are not supported in select");
      const second = readName(cursor, ",:", "select");
      if (cursor.startsWith("::")) cursor.reject("casts are not supported in select");
      if (cursor.peek() === ":") cursor.fail("an item of select has one alias: alias:column");
      if (!second.quoted && second.name === "*") cursor.reject("an alias names one column, not *");
      if (first.name === "") cursor.reject("an alias is empty");
      item = { column: second.name, alias: first.name };
    } else if (!first.quoted && first.name === "*") {
      star = true;
    }
    if (item.column === "") cursor.reject("an item of select is empty");
    items.push(item);
    if (cursor.done) break;
    cursor.expect(",", "between the items of select");
  }
  if (!star) return items;
  if (items.length > 1) cursor.reject("select=* cannot be combined with other columns");
  return "*";
}

const DIRECTIONS = new Set(["asc", "desc"]);
const NULLS: Record<string, "first" | "last"> = { nullsfirst: "first", nullslast: "last" };

/** `a.desc.nullslast,b,"c.d".asc.nullsfirst`: each column once, direction before nulls. */
export function parseOrder(value: string): OrderTerm[] {
  const cursor = new Cursor(value, "order");
  if (value.trim() === "") cursor.reject("order names no column");
  const terms: OrderTerm[] = [];
  const seen = new Set<string>();
  for (;;) {
    const { name: column } = readName(cursor, ".,", "order");
    if (column === "") cursor.fail("an item of order is empty");
    if (seen.has(column)) cursor.reject(`the column ${quoteForMessage(column)} is ordered twice`);
    seen.add(column);
    const term: OrderTerm = { column, direction: "asc" };
    let directionSet = false;
    while (cursor.peek() === ".") {
      cursor.pos += 1;
      const modifier = cursor.readUntil(".,").trim();
      if (DIRECTIONS.has(modifier) && !directionSet && term.nulls === undefined) {
        term.direction = modifier as "asc" | "desc";
        directionSet = true;
      } else if (Object.hasOwn(NULLS, modifier) && term.nulls === undefined) {
        term.nulls = NULLS[modifier];
      } else {
        cursor.reject(`${quoteForMessage(modifier)} is not an order modifier here (write column.asc|desc.nullsfirst|nullslast)`);
      }
    }
    terms.push(term);
    if (cursor.done) break;
    cursor.expect(",", "between the items of order");
  }
  return terms;
}

/** A non-negative integer parameter: `limit=10`, `offset=0`. */
export function parseCount(param: string, value: string): number {
  const number = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number)) throw queryInvalid(param, `${param} must be a non-negative integer, not ${quoteForMessage(value)}.`);
  return number;
}

/** The `Range` header: `0-9` is offset 0 and limit 10, `10-` is offset 10 and no limit. */
export function parseRange(range: string): { offset: number; limit?: number } {
  const match = /^\s*(\d+)-(\d*)\s*$/.exec(range);
  const fail = (detail: string) => new FieldworkError("QUERY_INVALID", `${detail}, not ${quoteForMessage(range)}.`);
  const offset = match ? Number(match[1]) : NaN;
  const last = match?.[2] ? Number(match[2]) : undefined;
  if (!Number.isSafeInteger(offset) || (last !== undefined && !Number.isSafeInteger(last))) {
    throw fail("The Range header is first-last or first- (for example 0-9)");
  }
  if (last === undefined) return { offset };
  if (last < offset) throw fail("The Range header's last row comes before its first");
  return { offset, limit: last - offset + 1 };
}

export function serializeSelect(select: "*" | SelectItem[]): string {
  if (select === "*") return "*";
  return select.map((item) => (item.alias === undefined ? "" : `${quoteName(item.alias)}:`) + quoteName(item.column)).join(",");
}

export function serializeOrder(order: OrderTerm[]): string {
  return order.map((term) => `${quoteName(term.column)}.${term.direction}${term.nulls ? `.nulls${term.nulls}` : ""}`).join(",");
}
