/**
 * Text Postgres can store. A `text` value cannot hold a NUL byte, and neither `text` (once
 * encoded as UTF-8) nor `jsonb` can hold half of a UTF-16 surrogate pair; such input is
 * refused with a 400 before it reaches a statement, never answered with a 500.
 */
import { LIMITS } from "./limits";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for text with a NUL byte or an unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && !LONE_SURROGATE.test(text);
}

export const UNSTORABLE_TEXT = "contains a NUL byte or an unpaired surrogate";

export type JsonProblem = { kind: "depth" | "text"; path: string };

/**
 * The first thing in a parsed JSON value (or any plain data) that cannot be stored: nesting
 * deeper than `maxDepth`, or a string or key that is not storable text. Walks with its own
 * stack, so hostile nesting cannot overflow the call stack.
 */
export function jsonProblem(value: unknown, maxDepth: number = LIMITS.json_depth): JsonProblem | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: "" }];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item.value === "string") {
      if (!isStorableText(item.value)) return { kind: "text", path: item.path };
      continue;
    }
    if (item.value === null || typeof item.value !== "object") continue;
    if (item.depth >= maxDepth) return { kind: "depth", path: item.path };
    const entries = Array.isArray(item.value) ? item.value.entries() : Object.entries(item.value);
    for (const [key, child] of entries) {
      const path = item.path ? `${item.path}.${key}` : String(key);
      if (typeof key === "string" && !isStorableText(key)) return { kind: "text", path };
      stack.push({ value: child, depth: item.depth + 1, path });
    }
  }
  return undefined;
}

/**
 * True when JSON text nests deeper than `maxDepth` arrays and objects (the same count as
 * `jsonProblem`'s: a top-level object is one level). Reads the text once, counting brackets
 * outside strings, so a body is refused before `JSON.parse` builds (or recurses into)
 * anything. Not a validator: malformed text is left for the parser to refuse.
 */
export function jsonTextTooDeep(text: string, maxDepth: number = LIMITS.json_depth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Text cut to at most `max` characters without splitting a surrogate pair, for logs and audit rows. */
export function clipText(text: string, max: number = LIMITS.logged_text_length): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? "") ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}
