/**
 * The reading and quoting primitives the PostgREST syntax shares: a cursor over one query
 * parameter's text, double-quoted strings with backslash escapes, and the errors that name
 * the parameter. Every loop here moves forward by at least one character, so reading is
 * linear in the input and never recurses.
 */
import { FieldworkError } from "../error-catalogue";
import { LIMITS } from "../limits";
import { clipText } from "../stored-text";

/** `QUERY_INVALID` naming the parameter: `Query parameter "age": unknown operator "eqq".` */
export function queryInvalid(param: string, detail: string): FieldworkError {
  return new FieldworkError("QUERY_INVALID", `Query parameter ${quoteForMessage(param)}: ${detail}`);
}

export function queryTooLarge(detail: string): FieldworkError {
  return new FieldworkError("QUERY_TOO_LARGE", detail);
}

/** A name or value shown in a message: JSON-quoted and clipped, so hostile text stays readable. */
export function quoteForMessage(text: string): string {
  return JSON.stringify(clipText(text, 60));
}

/** Counts the filters and groups of one query against `LIMITS.query_conditions`. */
export class ConditionBudget {
  private used = 0;
  take(): void {
    this.used += 1;
    if (this.used > LIMITS.query_conditions) {
      throw queryTooLarge(`A query has at most ${LIMITS.query_conditions} filters and groups.`);
    }
  }
}

const WHITESPACE = /\s/;

export class Cursor {
  pos = 0;
  /** `part`: what `text` is of the parameter, for messages ("the value", "the name"). */
  constructor(readonly text: string, readonly param: string, readonly part = "the value") {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(): string | undefined {
    return this.text[this.pos];
  }
  startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.pos);
  }
  fail(detail: string): never {
    const where = this.done ? `at the end of ${this.part}` : `at character ${this.pos + 1} of ${this.part}`;
    throw queryInvalid(this.param, `${detail} (${where}).`);
  }
  /** A refusal about what was written rather than where: no position. */
  reject(detail: string): never {
    throw queryInvalid(this.param, `${detail}.`);
  }
  expect(char: string, what: string): void {
    if (this.text[this.pos] !== char) this.fail(`expected "${char}" ${what}`);
    this.pos += 1;
  }
  skipWhitespace(): void {
    while (!this.done && WHITESPACE.test(this.text[this.pos]!)) this.pos += 1;
  }
  /** The characters up to (not including) the first of `stops`, or to the end. */
  readUntil(stops: string): string {
    const start = this.pos;
    while (!this.done && !stops.includes(this.text[this.pos]!)) this.pos += 1;
    return this.text.slice(start, this.pos);
  }
  rest(): string {
    const value = this.text.slice(this.pos);
    this.pos = this.text.length;
    return value;
  }
  /** A double-quoted string at the cursor; a backslash takes the next character as it is. */
  readQuoted(): string {
    this.expect('"', "to open a quoted text");
    let value = "";
    let chunk = this.pos;
    while (!this.done) {
      const char = this.text[this.pos]!;
      if (char === '"') {
        value += this.text.slice(chunk, this.pos);
        this.pos += 1;
        return value;
      }
      if (char === "\\") {
        value += this.text.slice(chunk, this.pos);
        this.pos += 1;
        if (this.done) break;
        chunk = this.pos;
      }
      this.pos += 1;
    }
    this.pos = this.text.length;
    return this.fail("a quoted text is not closed");
  }
  /**
   * A `{…}` literal (an array or a JSON object) at the cursor, braces balanced, quoted parts
   * (with their escapes) skipped, kept exactly as written.
   */
  readBraced(): string {
    const start = this.pos;
    let depth = 0;
    let quoted = false;
    while (!this.done) {
      const char = this.text[this.pos]!;
      this.pos += 1;
      if (quoted) {
        if (char === "\\") this.pos += 1;
        else if (char === '"') quoted = false;
      } else if (char === '"') quoted = true;
      else if (char === "{") depth += 1;
      else if (char === "}" && --depth === 0) return this.text.slice(start, this.pos);
    }
    this.pos = this.text.length;
    return this.fail("a { is not closed");
  }
}

/** `"…"` with `"` and `\` escaped: what `Cursor.readQuoted` reads back. */
export function quote(text: string): string {
  return `"${text.replace(/["\\]/g, "\\$&")}"`;
}

const PLAIN_NAME = /^[\p{L}\p{N}_]+$/u;

/** A column or alias name in `select`, `order` and logic trees: bare when it is a plain identifier. */
export function quoteName(name: string): string {
  return PLAIN_NAME.test(name) ? name : quote(name);
}
