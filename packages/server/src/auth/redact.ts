/**
 * Secret tokens never reach a log line: API keys (`fwk_…`), invitation links (`fwi_…`) and
 * signed file URLs (`?token=…`, storage/signed-url.ts) travel in URLs and headers, and the
 * request log would keep them in clear.
 */
import { z } from "zod";

const TOKEN = /\b(fw[ki]_)[A-Za-z0-9_-]+/g;
const TOKEN_PARAM = /([?&]token=)[^&#\s]+/gi;

export function redactTokens(text: string): string {
  return text.replace(TOKEN, "$1[redacted]").replace(TOKEN_PARAM, "$1[redacted]");
}

/**
 * What the log and the audit table keep of the email a refused sign-in gave: the address when it is
 * well formed (better-auth's own check), else nothing. People type their password into the
 * email field; that text must not be written anywhere.
 */
export function auditableEmail(email: string): { email: string } | { email: null; email_redacted: "not an email address" } {
  return z.email().safeParse(email).success ? { email } : { email: null, email_redacted: "not an email address" };
}
