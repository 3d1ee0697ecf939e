/**
 * Splits a script of several SQL statements at its top-level semicolons, leaving those in
 * quotes, dollar-quoted bodies and comments alone. pg-boss installs its schema as one
 * script (`BEGIN; …; COMMIT;`); PGlite's extended protocol runs one statement per query,
 * so `boss-db.ts` runs the pieces one by one in a transaction instead.
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  while (i < script.length) {
    const ch = script[i]!;
    if (ch === "'" || ch === '"') {
      i = script.indexOf(ch, i + 1);
      if (i < 0) break;
      i += 1;
    } else if (ch === "-" && script[i + 1] === "-") {
      i = script.indexOf("\n", i);
      if (i < 0) break;
    } else if (ch === "/" && script[i + 1] === "*") {
      i = script.indexOf("*/", i + 2);
      if (i < 0) break;
      i += 2;
    } else if (ch === "$") {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))?.[0];
      if (tag) {
        const end = script.indexOf(tag, i + tag.length);
        i = end < 0 ? script.length : end + tag.length;
      } else i += 1;
    } else if (ch === ";") {
      statements.push(script.slice(start, i));
      i += 1;
      start = i;
    } else i += 1;
  }
  statements.push(script.slice(start));
  return statements.map((s) => s.trim()).filter((s) => s !== "");
}
