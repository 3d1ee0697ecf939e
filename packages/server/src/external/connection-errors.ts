/**
 * Why a connected database failed, as a catalogue code (docs/databases.md "When a connection
 * fails"): auth, network, SSL, a missing database, a timeout. The answer never carries the
 * driver's own text when it could hold the connection's secret: the known kinds answer with
 * the catalogue's message, and any other message is scrubbed of the URL and password.
 */
import { FieldworkError } from "@fieldwork/core";
import { queryErrorOf } from "../query/pg-errors";

const NETWORK = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);
const TLS = /SSL|TLS|certificate|CERT_|self[- ]signed/i;

export interface Secrets { url: string; password: string; service_key: string | null }

export function secretsOf(url: string, serviceKey: string | null): Secrets {
  let password = "";
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch { /* not a URL: nothing else to hide */ }
  return { url, password, service_key: serviceKey };
}

/** `text` with every secret replaced by `***` (the raw and URL-encoded forms). */
export function scrub(text: string, secrets: Secrets): string {
  let out = text;
  for (const secret of [secrets.url, secrets.password, secrets.service_key]) {
    if (!secret || secret.length < 3) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join("***");
  }
  return out;
}

/** A failure to connect (or of a statement) as a catalogue error, its message safe to show. */
export function connectionErrorOf(error: unknown, secrets: Secrets): FieldworkError {
  if (error instanceof FieldworkError) return error;
  const { code, message = "" } = (error ?? {}) as { code?: unknown; message?: string };
  if (code === "28P01" || (code === "28000" && !/SSL/i.test(message))) return new FieldworkError("CONNECTION_AUTH_FAILED");
  if (code === "3D000") return new FieldworkError("CONNECTION_DATABASE_MISSING");
  if (typeof code === "string" && NETWORK.has(code)) return new FieldworkError("CONNECTION_UNREACHABLE");
  if (/timeout expired|connection timeout|Connection terminated/i.test(message)) return new FieldworkError("CONNECTION_TIMEOUT");
  if ((typeof code === "string" && code.startsWith("ERR_TLS")) || (typeof code === "string" && /CERT/.test(code)) || TLS.test(message)) {
    return new FieldworkError("CONNECTION_SSL_FAILED");
  }
  const known = queryErrorOf(error, "INVALID_FIELD_VALUE");
  if (known) return new FieldworkError(known.code, scrub(known.message, secrets));
  if (code === "42501") return new FieldworkError("CONNECTION_FAILED", scrub(`The connected database refused: ${message.slice(0, 300)}`, secrets));
  if (code === "23502" || code === "23514") return new FieldworkError("INVALID_FIELD_VALUE", scrub(message.slice(0, 300), secrets));
  if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return new FieldworkError("CONNECTION_FAILED", scrub(`The connected database refused: ${message.slice(0, 300)}`, secrets));
  return new FieldworkError("CONNECTION_UNREACHABLE");
}
