/**
 * The tokenizer of logic expressions: numbers, quoted texts, `true` / `false` / `null`,
 * references `#/<field_name>`, operators and parentheses. Any other character is an error
 * at its position; there are no names, so no function can be called.
 */
import type { BinaryOperator } from "./ast";

export type Token =
  | { type: "number"; value: number; at: number }
  | { type: "string"; value: string; at: number }
  | { type: "word"; value: true | false | null; at: number }
  | { type: "reference"; name: string; at: number }
  | { type: "operator"; value: BinaryOperator | "!"; at: number }
  | { type: "open" | "close" | "end"; at: number };

export interface SyntaxProblem {
  message: string;
  /** 0-based index into the text where reading stopped. */
  position: number;
}

export class ExpressionSyntaxError extends Error {
  constructor(readonly problem: SyntaxProblem) {
    super(problem.message);
  }
}

const fail = (message: string, position: number): never => {
  throw new ExpressionSyntaxError({ message: `${message} at position ${position}`, position });
};

/** Longest operators first, so `>=` is not read as `>` then `=`. */
const OPERATORS = ["??", "||", "&&", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%", "!"] as const;
const NUMBER = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_$][\w$]*/y;
const WORD_START = /[A-Za-z_$]/;
const NAME_CHARS = /[A-Za-z0-9_]*/y;
export const FIELD_NAME = /^[a-z][a-z0-9_]{0,62}$/;
const ESCAPES: Record<string, string> = { '"': '"', "'": "'", "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

function readString(text: string, start: number): { value: string; end: number } {
  const quote = text[start]!;
  let value = "";
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === quote) return { value, end: i + 1 };
    if (c !== "\\") {
      value += c;
      i++;
      continue;
    }
    const e = text[i + 1];
    if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
      value += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
      i += 6;
    } else if (e !== undefined && Object.hasOwn(ESCAPES, e)) {
      value += ESCAPES[e];
      i += 2;
    } else fail("Unknown escape in text", i);
  }
  return fail("Unclosed text", start);
}

function readReference(text: string, at: number): { name: string; end: number } {
  NAME_CHARS.lastIndex = at + 2;
  const name = NAME_CHARS.exec(text)![0];
  const end = at + 2 + name.length;
  if (!FIELD_NAME.test(name)) fail("Expected a field name after #/", at + 2);
  if (text[end] === "/" || text[end] === "." || text[end] === "[") fail("A reference names one field (#/field_name); deeper paths are not supported", end);
  return { name, end };
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++;
    } else if (c === "(" || c === ")") {
      tokens.push({ type: c === "(" ? "open" : "close", at: i });
      i++;
    } else if (c === '"' || c === "'") {
      const { value, end } = readString(text, i);
      tokens.push({ type: "string", value, at: i });
      i = end;
    } else if (c === "#") {
      if (text[i + 1] !== "/") fail("Expected #/ and a field name", i);
      const { name, end } = readReference(text, i);
      tokens.push({ type: "reference", name, at: i });
      i = end;
    } else if (c >= "0" && c <= "9") {
      NUMBER.lastIndex = i;
      const literal = NUMBER.exec(text)![0];
      const value = Number(literal);
      if (!Number.isFinite(value)) fail("Number out of range", i);
      tokens.push({ type: "number", value, at: i });
      i += literal.length;
    } else if (WORD_START.test(c)) {
      WORD.lastIndex = i;
      const word = WORD.exec(text)![0];
      if (word === "true" || word === "false" || word === "null") {
        tokens.push({ type: "word", value: word === "null" ? null : word === "true", at: i });
        i += word.length;
      } else fail(`Unknown word "${word.slice(0, 32)}" (only true, false, null and #/field_name are values)`, i);
    } else {
      const op = OPERATORS.find((o) => text.startsWith(o, i));
      if (!op) fail(`Unexpected character ${JSON.stringify(String.fromCodePoint(text.codePointAt(i)!))}`, i);
      tokens.push({ type: "operator", value: op!, at: i });
      i += op!.length;
    }
  }
  tokens.push({ type: "end", at: text.length });
  return tokens;
}
