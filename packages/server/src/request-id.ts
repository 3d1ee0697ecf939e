/**
 * The request id every log line of a request carries (pino's `reqId`), answered in the
 * `x-request-id` header and stored with the webhook events a submit makes, so a delivery's
 * log lines name the request that caused it. An incoming `x-request-id` (set by a proxy) is
 * kept when it is 1–64 characters of letters, digits and `._:-`; anything else (too long,
 * control characters, quotes, spaces, several headers) is replaced by a new UUID.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const REQUEST_ID_HEADER = "x-request-id";
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The id of an incoming request: its own sane `x-request-id`, else a new UUID. */
export function requestIdOf(request: Pick<IncomingMessage, "headers">): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}
