/**
 * Why a text is not JSON, in the parser's words: the public JSON editor shows it while typing
 * (the server's check is parseJsonAnswer, structured-value.ts). A module of its own, so only the
 * editor's lazy chunk carries it, not the public form's first load (bundle-budget.test.ts).
 */
export function jsonSyntaxError(text: string): string | undefined {
  if (text === "") return undefined;
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
