/**
 * `COPY (query) TO STDOUT` takes no bind parameters, so the export's query (built by the same
 * sql-builder as every read, with bound values) has its `$n` placeholders replaced by quoted
 * literals. Only placeholders outside quoted identifiers and string literals are touched,
 * so a column named `a$1` stays what it is.
 *
 *   inlineParameters(`select "a$1" from t where x = $1`, ["it's"]) // … where x = 'it''s'
 */
import pg from "pg";

function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return pg.escapeLiteral(value);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  throw new TypeError(`A parameter of type ${typeof value} cannot be written into COPY's text.`);
}

export function inlineParameters(text: string, parameters: readonly unknown[]): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      // A quoted identifier or string literal, to its closing quote (a doubled quote goes on).
      let j = i + 1;
      for (;;) {
        const k = text.indexOf(c, j);
        if (k < 0) throw new Error("An unterminated quote in a query's text.");
        if (text[k + 1] === c) j = k + 2;
        else { j = k + 1; break; }
      }
      out += text.slice(i, j);
      i = j;
    } else if (c === "$" && /[0-9]/.test(text[i + 1] ?? "")) {
      let j = i + 1;
      while (/[0-9]/.test(text[j] ?? "")) j++;
      const n = Number(text.slice(i + 1, j));
      if (n < 1 || n > parameters.length) throw new Error(`No parameter $${n}.`);
      out += literal(parameters[n - 1]);
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
