/**
 * The audit log: every refusal of an identity or access check writes a log line marked
 * `audit: true` and a row in `audit_log`. Anonymous 401s only log, so that probes cannot
 * fill the table.
 */
import { clipText, isStorableText, LIMITS, type JsonValue } from "@fieldwork/core";
import { redactTokens } from "./redact";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";

export interface AuditEntry {
  event: string;
  status: number;
  user_id?: string | null;
  api_key_id?: string | null;
  details?: Record<string, JsonValue>;
  /** Write the row too (default); false keeps it to the log line. */
  persist?: boolean;
}

/** Details as stored: every string clipped (a posted email can be megabytes) and made storable. */
function clipped(details: Record<string, JsonValue>): Record<string, JsonValue> {
  return JSON.parse(JSON.stringify(details, (_key, value: unknown) =>
    typeof value === "string" ? clipText(isStorableText(value) ? value : value.replace(/\u0000|[\uD800-\uDFFF]/g, "\uFFFD")) : value)) as Record<string, JsonValue>;
}

export async function audit(db: Kysely<DB>, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const path = clipText(redactTokens(request.url.split("?")[0] ?? request.url), LIMITS.url_length);
  entry = { ...entry, details: clipped(entry.details ?? {}) };
  request.log.warn({ audit: true, event: entry.event, status: entry.status, user_id: entry.user_id ?? null, path, ip: request.ip, ...entry.details }, `audit: ${entry.event}`);
  if (entry.persist === false) return;
  try {
    await db.insertInto("audit_log").values({
      event: entry.event, status: entry.status, user_id: entry.user_id ?? null, api_key_id: entry.api_key_id ?? null,
      ip: request.ip, method: request.method, path, details: JSON.stringify(entry.details ?? {}),
    }).execute();
  } catch (error) {
    request.log.error({ err: error }, "audit log row not written");
  }
}
