/**
 * CSRF tokens for cookie-authenticated mutations of the private API: an HMAC of the
 * session id under the server secret, so a token is only good for the session it was
 * issued to and needs no storage.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function csrfTokenFor(secret: string, sessionId: string): string {
  return createHmac("sha256", secret).update(`csrf:${sessionId}`).digest("base64url");
}

export function csrfTokenValid(secret: string, sessionId: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(csrfTokenFor(secret, sessionId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
