/**
 * Filters and logic trees in PostgREST syntax, both ways.
 *
 * At the top level a filter is a query parameter, `age=not.gt.30`, whose value after the
 * operator is taken exactly as written. Inside a logic tree, `or=(age.gt.30,name.eq."a,b")`,
 * a filter is `column.op.value` and a value ends at `,` or `)` unless it is double-quoted
 * (backslash escapes) or a balanced `{…}` literal; column names may be double-quoted too.
 *
 * Groups nest at most `LIMITS.query_group_depth` deep (checked before descending, so the
 * recursion is bounded), `in.(…)` lists hold at most `LIMITS.query_in_values` values, and
 * the caller's `ConditionBudget` counts every filter and group.
 */
import { LIMITS } from "../limits";
import {
  CONTAINMENT_OPERATORS, FILTER_OPERATORS, IS_VALUES, TEXT_SEARCH_OPERATORS,
  type Condition, type Filter, type FilterGroup, type FilterOperator, type IsValue,
} from "./ast";
import { type ConditionBudget, Cursor, quote, quoteForMessage, quoteName, queryTooLarge } from "./postgrest-cursor";

/** The keys that hold a logic tree, and the group each one makes. */
export const LOGIC_KEYS: Record<string, { op: "and" | "or"; negate: boolean }> = {
  or: { op: "or", negate: false },
  and: { op: "and", negate: false },
  "not.or": { op: "or", negate: true },
  "not.and": { op: "and", negate: true },
};

interface ListItem { text: string; quoted: boolean }

function isOperator(name: string): name is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(name);
}
function isTextSearch(op: FilterOperator): boolean {
  return (TEXT_SEARCH_OPERATORS as readonly string[]).includes(op);
}
function isContainment(op: FilterOperator): boolean {
  return (CONTAINMENT_OPERATORS as readonly string[]).includes(op);
}

/** `(a,"b,c",)`: items end at `,` or `)`, quoted ones may hold both; `()` is the empty list. */
function readList(cursor: Cursor): ListItem[] {
  cursor.expect("(", "to open the list");
  const items: ListItem[] = [];
  if (cursor.peek() === ")") {
    cursor.pos += 1;
    return items;
  }
  for (;;) {
    const quoted = cursor.peek() === '"';
    const text = quoted ? cursor.readQuoted() : cursor.readUntil(",)");
    items.push({ text, quoted });
    if (items.length > LIMITS.query_in_values) {
      throw queryTooLarge(`An in.(…) list holds at most ${LIMITS.query_in_values} values.`);
    }
    const next = cursor.peek();
    cursor.pos += 1;
    if (next === ")") return items;
    if (next !== ",") cursor.fail(next === undefined ? "the list is not closed" : `expected "," or ")" after a list value`);
  }
}

/** A list written for `cs`/`cd`/`ov`, `(1,2)`, as the array literal `{1,2}`. */
function arrayLiteral(items: ListItem[]): string {
  const elements = items.map(({ text, quoted }) =>
    quoted || text === "" || /[{}",\\\s]/.test(text) ? quote(text) : text);
  return `{${elements.join(",")}}`;
}

/** A value inside a logic tree: quoted, `{…}`, or plain up to `,` or `)`. */
function readTreeValue(cursor: Cursor): string {
  const first = cursor.peek();
  if (first !== '"' && first !== "{") return cursor.readUntil(",)");
  const value = first === '"' ? cursor.readQuoted() : cursor.readBraced();
  const next = cursor.peek();
  if (next !== undefined && next !== "," && next !== ")") cursor.fail(`expected "," or ")" after a ${first === '"' ? "quoted" : "{…}"} value`);
  return value;
}

/**
 * `[not.]op[(config)].value` for `column`, the cursor after the column's `.`. At the top level
 * the value is the rest of the parameter; in a tree it is one tree value.
 */
function readOpExpr(cursor: Cursor, column: string, inTree: boolean): Filter {
  let negate = false;
  if (cursor.startsWith("not.")) {
    negate = true;
    cursor.pos += 4;
  }
  const name = cursor.readUntil(inTree ? ".(,)" : ".(");
  if (!isOperator(name)) {
    return cursor.reject(name === "" ? `the filter on ${quoteForMessage(column)} has no operator`
      : `unknown operator ${quoteForMessage(name)} (use ${FILTER_OPERATORS.join(", ")})`);
  }
  const op = name;
  let config: string | undefined;
  if (cursor.peek() === "(") {
    if (!isTextSearch(op)) cursor.reject(`only fts, plfts, phfts and wfts take a (configuration)`);
    cursor.pos += 1;
    config = cursor.readUntil("()");
    if (config === "") cursor.reject("the text search configuration is empty");
    cursor.expect(")", "to close the text search configuration");
  }
  cursor.expect(".", `between the operator ${quoteForMessage(op)} and its value`);
  const readValue = () => (inTree ? readTreeValue(cursor) : cursor.rest());
  const base = { kind: "filter" as const, column, negate };
  let filter: Filter;
  if (op === "in") {
    filter = { ...base, op, value: readList(cursor).map((item) => item.text) };
  } else if (op === "is") {
    const value = readValue().toLowerCase();
    if (!(IS_VALUES as readonly string[]).includes(value)) cursor.reject("is takes null, true, false or unknown");
    filter = { ...base, op, value: value as IsValue };
  } else if (isContainment(op) && cursor.peek() === "(") {
    filter = { ...base, op, value: arrayLiteral(readList(cursor)) } as Filter;
  } else {
    filter = { ...base, op, value: readValue(), ...(config === undefined ? {} : { config }) } as Filter;
  }
  if (!inTree && !cursor.done) cursor.fail("unexpected text after the list");
  return filter;
}

/** A top-level filter parameter: `key` names the column (double-quoted when it must be). */
export function parseFilterParam(key: string, value: string, budget: ConditionBudget): Filter {
  let column = key;
  if (key.startsWith('"')) {
    const cursor = new Cursor(key, key, "the name");
    column = cursor.readQuoted();
    if (!cursor.done) cursor.fail("unexpected text after the quoted column name");
  }
  if (column === "") throw new Cursor(key, key).reject("the column name is empty");
  budget.take();
  const cursor = new Cursor(value, key);
  if (!value.includes(".")) cursor.reject(`a filter is op.value (for example eq.1), not ${quoteForMessage(value)}`);
  return readOpExpr(cursor, column, false);
}

/** `(…)` of a group at depth `depth` (1 for `or=(…)`), the cursor on its `(`. */
function readGroup(cursor: Cursor, op: "and" | "or", negate: boolean, depth: number, budget: ConditionBudget): FilterGroup {
  if (depth > LIMITS.query_group_depth) {
    throw queryTooLarge(`Groups of conditions nest at most ${LIMITS.query_group_depth} deep.`);
  }
  budget.take();
  cursor.expect("(", `to open the ${op} group`);
  const children: Condition[] = [];
  for (;;) {
    cursor.skipWhitespace();
    children.push(readTreeItem(cursor, depth, budget));
    const next = cursor.peek();
    cursor.pos += 1;
    if (next === ")") return { kind: "group", op, negate, children };
    if (next !== ",") cursor.fail(next === undefined ? `the ${op} group is not closed` : `expected "," or ")" after a condition`);
  }
}

const NESTED_GROUP = /^(not\.)?(and|or)\(/;

function readTreeItem(cursor: Cursor, depth: number, budget: ConditionBudget): Condition {
  const nested = NESTED_GROUP.exec(cursor.text.slice(cursor.pos, cursor.pos + 8));
  if (nested) {
    cursor.pos += nested[0].length - 1;
    return readGroup(cursor, nested[2] as "and" | "or", nested[1] !== undefined, depth + 1, budget);
  }
  const quoted = cursor.peek() === '"';
  const column = quoted ? cursor.readQuoted() : cursor.readUntil(".,()");
  if (column === "") cursor.fail(quoted ? "a column name is empty" : "a condition is empty");
  cursor.expect(".", `after the column ${quoteForMessage(column)}`);
  budget.take();
  return readOpExpr(cursor, column, true);
}

/** A top-level `or=(…)`, `and=(…)`, `not.or=(…)` or `not.and=(…)`. */
export function parseLogicParam(key: string, value: string, budget: ConditionBudget): FilterGroup {
  const { op, negate } = LOGIC_KEYS[key]!;
  const cursor = new Cursor(value, key);
  const group = readGroup(cursor, op, negate, 1, budget);
  if (!cursor.done) cursor.fail("unexpected text after the group");
  return group;
}

const PLAIN_VALUE = /^[\p{L}\p{N}_*\-:@+.]*$/u;
const PLAIN_LIST_ITEM = /^[\p{L}\p{N}_*\-:@+.]+$/u;

function opText(filter: Filter, inTree: boolean): string {
  const head = `${filter.negate ? "not." : ""}${filter.op}${"config" in filter && filter.config !== undefined ? `(${filter.config})` : ""}`;
  if (filter.op === "in") {
    return `${head}.(${filter.value.map((item) => (PLAIN_LIST_ITEM.test(item) ? item : quote(item))).join(",")})`;
  }
  const value = inTree && !PLAIN_VALUE.test(filter.value) ? quote(filter.value) : filter.value;
  return `${head}.${value}`;
}

function treeText(condition: Condition): string {
  if (condition.kind === "filter") return `${quoteName(condition.column)}.${opText(condition, true)}`;
  return `${condition.negate ? "not." : ""}${condition.op}(${condition.children.map(treeText).join(",")})`;
}

/** Keys the read parser keeps for itself: a column with one of these names is written quoted. */
export const RESERVED_KEYS = new Set(["select", "order", "limit", "offset", "on_conflict", "columns", ...Object.keys(LOGIC_KEYS)]);

/**
 * One condition as a query parameter: `["age", "not.gt.30"]`, `["or", "(a.eq.1,b.in.(1,2))"]`.
 * A column named like a reserved parameter (`order`) or starting with `"` is written quoted.
 * A top-level `cs`/`cd`/`ov` value that starts with `(` reads back as a list (`{…}`); write a
 * range such as `(1,5)` inside a group, where it is quoted, or as `[2,5)`.
 */
export function serializeCondition(condition: Condition): [key: string, value: string] {
  if (condition.kind === "group") {
    return [`${condition.negate ? "not." : ""}${condition.op}`, `(${condition.children.map(treeText).join(",")})`];
  }
  const key = RESERVED_KEYS.has(condition.column) || condition.column.startsWith('"') ? quote(condition.column) : condition.column;
  return [key, opText(condition, false)];
}
