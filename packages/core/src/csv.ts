/**
 * One CSV cell, as every CSV Fieldwork writes has it (the Data API export, the grid's
 * export, which is the Data API's, and the CLI's `responses list --format csv`): RFC 4180
 * quoting, and text that a spreadsheet would run as a formula neutralized as OWASP
 * recommends ("CSV Injection"): a text beginning with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading `'`, so Excel, LibreOffice and Google Sheets show it as
 * text. A value that is not text (a number, date, time, uuid, boolean, list or JSON) is
 * written as Postgres writes it, never neutralized: `-2`, `1.50`, the exact digits of
 * `12345678901234567890.123`; docs/data-api.md "Exports".
 *
 *   csvCell("=HYPERLINK(\"http://x\")") // "'=HYPERLINK(""http://x"")" quoted
 *   csvValueCell("-2")                  // -2
 */

/** The first characters that make a spreadsheet read a cell as a formula (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What makes RFC 4180 quote a field. */
const MUST_QUOTE = /[",\r\n]/;

/** `text` as a spreadsheet shows it literally: a `'` before a formula's first character. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180: quoted, quotes doubled, when it holds a comma, quote or line break. */
const quoted = (text: string) => (MUST_QUOTE.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** A CSV field: text neutralized, then quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? neutralizeFormula(value)
    : typeof value === "object" ? JSON.stringify(value) : String(value);
  return quoted(text);
}

/**
 * A CSV field for a value that is not text, given as Postgres's text of it (a numeric's
 * exact digits, an ISO date, a list's JSON): quoted when it must be, never neutralized.
 */
export function csvValueCell(value: string | number | boolean | null | undefined): string {
  return value === null || value === undefined ? "" : quoted(String(value));
}
