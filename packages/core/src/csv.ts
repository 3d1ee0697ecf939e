/**
 * One CSV cell, as every CSV Fieldwork writes has it (the Data API export, the grid's
 * export, which is the Data API's, and the CLI's `responses list --format csv`): RFC 4180
 * quoting, and text that a spreadsheet would run as a formula neutralized as OWASP
 * recommends ("CSV Injection"): a text beginning with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading `'`, so Excel, LibreOffice and Google Sheets show it as
 * text. Numbers stay numbers (`-2` is a JSON number, not text); docs/data-api.md "Exports".
 *
 *   csvCell("=HYPERLINK(\"http://x\")") // "'=HYPERLINK(""http://x"")" quoted
 *   csvCell(-2)                        // -2
 */

/** The first characters that make a spreadsheet read a cell as a formula (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `text` as a spreadsheet shows it literally: a `'` before a formula's first character. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A CSV field: text neutralized, then quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? neutralizeFormula(value)
    : typeof value === "object" ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
