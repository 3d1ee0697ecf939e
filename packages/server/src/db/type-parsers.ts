/**
 * Value parsing shared by both backends so rows look the same on PGlite and PostgreSQL:
 * numeric and int8 as numbers, date and time as their ISO text, timestamptz as Date.
 */
export const OID = {
  int8: 20, numeric: 1700, date: 1082, numericArray: 1231, int8Array: 1016, dateArray: 1182,
} as const;

export const toNumber = (text: string): number => Number(text);
export const keepText = (text: string): string => text;

function parseArrayLiteral(text: string): string[] {
  // Arrays of numbers or dates never need quoting: {1,2.5,NULL}
  const body = text.slice(1, -1);
  return body === "" ? [] : body.split(",");
}

export const toNumberArray = (text: string): (number | null)[] =>
  parseArrayLiteral(text).map((v) => (v === "NULL" ? null : Number(v)));
export const toTextArray = (text: string): (string | null)[] =>
  parseArrayLiteral(text).map((v) => (v === "NULL" ? null : v));

export const PARSERS: Record<number, (text: string) => unknown> = {
  [OID.int8]: toNumber,
  [OID.numeric]: toNumber,
  [OID.date]: keepText,
  [OID.numericArray]: toNumberArray,
  [OID.int8Array]: toNumberArray,
  [OID.dateArray]: toTextArray,
};
