/**
 * A field renamed: its references in expressions follow it. Only `#/<from>` references
 * change (not the same text inside a quoted value), and the rest of the owner's text stays
 * as written. An expression that does not read is left alone.
 */
import { tokenize } from "./tokens";

export function renameReferences(text: string, from: string, to: string): string {
  let tokens;
  try {
    tokens = tokenize(text);
  } catch {
    return text;
  }
  let out = "";
  let last = 0;
  for (const token of tokens) {
    if (token.type !== "reference" || token.name !== from) continue;
    out += `${text.slice(last, token.at)}#/${to}`;
    last = token.at + 2 + from.length;
  }
  return last === 0 ? text : out + text.slice(last);
}
