/**
 * Secret tokens never reach a log line: API keys (`fwk_…`) and invitation links (`fwi_…`)
 * travel in URLs and headers, and the request log would keep them in clear.
 */
const TOKEN = /\b(fw[ki]_)[A-Za-z0-9_-]+/g;

export function redactTokens(text: string): string {
  return text.replace(TOKEN, "$1[redacted]");
}
