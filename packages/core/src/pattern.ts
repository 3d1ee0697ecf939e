/**
 * Field validation patterns (spec 1 §5). Browsers check `pattern` with their own backtracking
 * engine; the server must not: an owner's `(a+)+$` would let one anonymous submit hold the
 * event loop for seconds. The server matches with RE2JS, which runs in time linear in the
 * input whatever the pattern. A pattern is accepted only when both engines compile it:
 * RE2's (no backreferences, no lookaround) and the browser's (`v` flag, as `pattern` is).
 */
import { RE2JS } from "re2js";
import { LIMITS } from "./limits";

export type PatternMatcher = (text: string) => boolean;

/** Why a pattern cannot be saved, or `undefined` when it can. */
export function patternProblem(pattern: string): string | undefined {
  if (pattern.length > LIMITS.pattern_length) return `A pattern has at most ${LIMITS.pattern_length} characters.`;
  try {
    new RegExp(`^(?:${pattern})$`, "v");
  } catch {
    return "This pattern is not a valid regular expression for browsers (the HTML pattern attribute).";
  }
  try {
    RE2JS.compile(`^(?:${pattern})$`);
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : "";
    return `This pattern cannot be checked in linear time (backreferences, lookaround and repeats over 1000 are not supported)${detail ? `: ${detail}` : ""}.`;
  }
  return undefined;
}

const MAX_CACHED = 500;
const compiled = new Map<string, PatternMatcher | null>();

/**
 * A linear-time matcher of the whole text against `pattern`, or `null` for a pattern that
 * cannot be saved (such a pattern was refused when saved; a stored one is ignored, as a
 * browser ignores a pattern it cannot compile).
 */
export function patternMatcher(pattern: string): PatternMatcher | null {
  const cached = compiled.get(pattern);
  if (cached !== undefined) return cached;
  let matcher: PatternMatcher | null = null;
  if (patternProblem(pattern) === undefined) {
    const re = RE2JS.compile(`^(?:${pattern})$`);
    matcher = (text) => re.matches(text);
  }
  if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value as string);
  compiled.set(pattern, matcher);
  return matcher;
}
