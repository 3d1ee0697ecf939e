/**
 * A transaction whose statements go in rounds, each round one round trip on PostgreSQL: the
 * submit's batch (forms/submit/batch-write.ts) is latency-bound, and each of its round trips
 * waits for PostgreSQL's backend to be scheduled (~0.1 ms on an idle machine, 5–15 ms on a
 * loaded one), with the form's row locked for the rounds after the lock.
 *
 * On PostgreSQL a round is one simple-protocol query: its statements joined by `;`, their
 * parameters inlined as escaped literals (`inlineParameters`), the first round opening the
 * transaction (`begin; …`) and the one marked `last` closing it (`…; commit`). PostgreSQL runs
 * them in order and stops at the first error, so the transaction is rolled back then. On
 * PGlite the statements run one by one in a Kysely transaction (its round trips are calls in
 * the same process).
 *
 * Statements are named: `run({ lock: …, sessions: … })` answers the rows of each by name; a
 * null statement is skipped and answers no rows.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import { createRequire } from "node:module";
import pg from "pg";
import { poolOf } from "./database";
import type { DB } from "./schema";

type Statements = Record<string, RawBuilder<unknown> | null | undefined>;
export type RoundRows<S extends Statements> = { [K in keyof S]: NonNullable<S[K]> extends RawBuilder<infer R> ? R[] : never[] };

export interface Rounds {
  /** Runs `statements` in order, in one round trip on PostgreSQL; `last` commits with them. */
  run<S extends Statements>(statements: S, options?: { last?: boolean }): Promise<RoundRows<S>>;
}

/** Runs `work` in one transaction, committed when it returns (unless its last round did), rolled back when it throws. */
export async function inRounds<T>(db: Kysely<DB>, work: (rounds: Rounds) => Promise<T>): Promise<T> {
  const pool = poolOf(db);
  if (!pool) return db.transaction().execute((trx) => work(sequentialRounds(trx)));
  const client = await pool.connect();
  // Where the transaction is (an object, so the rounds' closures and this function read one state).
  const tx: { state: "idle" | "open" | "done" } = { state: "idle" };
  let broken: Error | undefined;
  const rounds: Rounds = {
    async run(statements, options) {
      if (tx.state === "done") throw new Error("This transaction is over: no round may follow its last.");
      const names = Object.keys(statements).filter((name) => statements[name]);
      const texts = names.map((name) => literalTexts.get(statements[name]!) ?? inlineParameters(statements[name]!.compile(db)));
      const opening = tx.state === "idle";
      tx.state = "open";
      const text = [...(opening ? ["begin"] : []), ...texts, ...(options?.last ? ["commit"] : [])].join(";\n");
      const answered = await client.query(text) as pg.QueryResult | pg.QueryResult[];
      if (options?.last) tx.state = "done";
      const results = (Array.isArray(answered) ? answered : [answered]).slice(opening ? 1 : 0);
      const rows: Record<string, unknown[]> = {};
      for (const name of Object.keys(statements)) rows[name] = [];
      names.forEach((name, i) => { rows[name] = results[i]!.rows; });
      return rows as RoundRows<typeof statements>;
    },
  };
  try {
    const result = await work(rounds);
    if (tx.state === "open") await client.query("commit");
    tx.state = "done";
    return result;
  } catch (error) {
    // A failed round ended the transaction's use (PostgreSQL skipped the rest of it): roll back.
    if (tx.state === "open") await client.query("rollback").catch((failure: unknown) => { broken = failure as Error; });
    throw error;
  } finally {
    // A client whose rollback failed (its connection broke) is discarded, not reused.
    client.release(broken);
  }
}

function sequentialRounds(trx: Kysely<DB>): Rounds {
  let over = false;
  return {
    async run(statements, options) {
      if (over) throw new Error("This transaction is over: no round may follow its last.");
      if (options?.last) over = true;
      const rows: Record<string, unknown[]> = {};
      for (const [name, statement] of Object.entries(statements)) rows[name] = statement ? (await statement.execute(trx)).rows : [];
      return rows as RoundRows<typeof statements>;
    },
  };
}

const literalTexts = new WeakMap<RawBuilder<unknown>, string>();

/**
 * A statement written as text whose values are literals already (`literalOf`, `identifier`): a
 * round sends it as it is, without building, compiling and scanning it again (the submit's
 * insert: thousands of values in a rush). Elsewhere it runs as the raw SQL it is.
 */
export function literalStatement<R>(text: string): RawBuilder<R> {
  const statement = sql.raw<R>(text);
  literalTexts.set(statement, text);
  return statement;
}

/** A quoted identifier (a table or column name) for a literal statement. */
export const identifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** pg's own conversion of a parameter to its text (dates, arrays, JSON), so a literal says what the parameter said. */
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils.js") as { prepareValue(value: unknown): string | Buffer | null };

/** One parameter as an escaped, untyped literal (like an untyped parameter, its type comes from its cast or context). */
export function literalOf(value: unknown): string {
  const text = textOf(value);
  return text === null ? "null" : pg.escapeLiteral(text);
}

/**
 * A value as PostgreSQL's text for it (pg's own conversion: dates, arrays, JSON, bytes as hex),
 * null for null. A NUL is refused: PostgreSQL text cannot hold one (and a query sent by the
 * simple protocol is a C string it would cut).
 */
export function textOf(value: unknown): string | null {
  const prepared = prepareValue(value);
  if (prepared === null) return null;
  const text = Buffer.isBuffer(prepared) ? `\\x${prepared.toString("hex")}` : String(prepared);
  if (text.includes("\0")) throw new Error("A statement parameter holds a NUL character, which PostgreSQL text cannot.");
  return text;
}

const IDENT = /[A-Za-z0-9_$]/;

/**
 * The statement with each `$n` placeholder replaced by its parameter's literal. Placeholders
 * are found outside quoted text only: string literals ('…', E'…' with backslash escapes),
 * quoted identifiers ("…"), dollar-quoted bodies and comments are copied as they are.
 */
export function inlineParameters({ sql: text, parameters }: { sql: string; parameters: readonly unknown[] }): string {
  let out = "";
  let from = 0;
  let i = 0;
  const special = /['"$/-]/g;
  while (i < text.length) {
    // Straight to the next character that may start a placeholder, a quote or a comment.
    special.lastIndex = i;
    if (!special.exec(text)) break;
    i = special.lastIndex - 1;
    const c = text[i]!;
    if (c === "'") {
      const escapes = /[eE]/.test(text[i - 1] ?? "") && !IDENT.test(text[i - 2] ?? "");
      i = closingQuote(text, i, "'", escapes);
    } else if (c === '"') {
      i = closingQuote(text, i, '"', false);
    } else if (c === "-" && text[i + 1] === "-") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end + 1;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      if (end < 0) throw new Error("An unterminated comment in a statement.");
      i = end + 2;
    } else if (c === "$" && !IDENT.test(text[i - 1] ?? "")) {
      const placeholder = /^\$(\d+)/.exec(text.slice(i, i + 12));
      if (placeholder) {
        const index = Number(placeholder[1]) - 1;
        if (index < 0 || index >= parameters.length) throw new Error(`The statement names ${placeholder[0]}, a parameter it was not given.`);
        out += text.slice(from, i) + literalOf(parameters[index]);
        i += placeholder[0].length;
        from = i;
        continue;
      }
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 66));
      if (tag) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        if (end < 0) throw new Error("An unterminated dollar-quoted text in a statement.");
        i = end + tag[0].length;
      } else i++;
    } else i++;
  }
  return out + text.slice(from);
}

/** The index after the quote that closes the one at `start` (doubled quotes, and backslash escapes in E'…', stay inside). */
function closingQuote(text: string, start: number, quote: string, escapes: boolean): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (escapes && c === "\\") i++;
    else if (c === quote) {
      if (text[i + 1] === quote) i++;
      else return i + 1;
    }
  }
  throw new Error("An unterminated quoted text in a statement.");
}
