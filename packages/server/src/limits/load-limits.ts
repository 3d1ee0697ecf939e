/**
 * How much of the server one member or API key may hold (docs/ARCHITECTURE.md "Hostile
 * input"): a statement timeout for Data API and grid queries, a deadline for an export whose
 * client stops reading, caps on running exports (per caller and per server) and on open
 * change streams (per caller), and a request rate per caller. Caps count in this process.
 */
import { FieldworkError, LOAD_LIMITS } from "@fieldwork/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { QueryGuard } from "../query/query-guard";
import { hit } from "./rate-limit";

export interface LoadSettings {
  /** QUERY_TIMEOUT_MS; 0 for none. */
  queryTimeoutMs: number;
  /** EXPORT_STALL_TIMEOUT_MS. */
  exportStallMs: number;
  exportsPerCaller: number;
  exportsPerServer: number;
  /** EXPORT_COPY (on unless `0`): exports on PostgreSQL by COPY (query/copy-export.ts); off: in batches, as on PGlite. */
  exportCopy: boolean;
  changeStreamsPerMember: number;
  /** API_RATE_LIMIT_PER_MINUTE; 0 for none. */
  apiRequestsPerMinute: number;
}

export const DEFAULT_LOAD_SETTINGS: LoadSettings = {
  queryTimeoutMs: LOAD_LIMITS.query_timeout_ms,
  exportStallMs: LOAD_LIMITS.export_stall_ms,
  exportsPerCaller: LOAD_LIMITS.exports_per_caller,
  exportsPerServer: LOAD_LIMITS.exports_per_server,
  exportCopy: true,
  changeStreamsPerMember: LOAD_LIMITS.change_streams_per_member,
  apiRequestsPerMinute: LOAD_LIMITS.api_requests_per_minute,
};

declare module "fastify" {
  interface FastifyInstance {
    load: LoadSettings;
    /** Running exports and open change streams, counted per caller and in all. */
    slots: Slots;
  }
}

/** Who a request is for the caps: an API key or a member (undefined before authentication). */
export function callerKeyOf(request: FastifyRequest): string | undefined {
  const caller = request.caller as FastifyRequest["caller"] | undefined;
  if (!caller) return undefined;
  return caller.kind === "api_key" ? `key:${caller.api_key_id}` : `member:${caller.user_id}`;
}

/** Counts what callers hold; `take` answers a release, or throws when a cap is reached. */
export class Slots {
  readonly #held = new Map<string, number>();

  count(key: string): number {
    return this.#held.get(key) ?? 0;
  }

  /** One more of `kind` for `caller`, unless it holds `perCaller` or the server `perServer`. */
  take(kind: "export" | "stream", caller: string, caps: { perCaller: number; perServer?: number }, refusal: FieldworkError): () => void {
    const own = `${kind}:${caller}`;
    if (this.count(own) >= caps.perCaller || (caps.perServer !== undefined && this.count(kind) >= caps.perServer)) throw refusal;
    for (const key of [own, kind]) this.#held.set(key, this.count(key) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of [own, kind]) {
        const left = this.count(key) - 1;
        if (left > 0) this.#held.set(key, left);
        else this.#held.delete(key);
      }
    };
  }
}

/** Aborts when the client goes away before its answer was sent. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The statement bounds of one Data API or grid request. */
export function queryGuardOf(request: FastifyRequest, reply: FastifyReply): QueryGuard {
  return { timeoutMs: request.server.load.queryTimeoutMs, signal: clientGone(reply) };
}

/** Counts one request of the caller against API_RATE_LIMIT_PER_MINUTE: past it, 429 API_RATE_LIMITED. */
export async function limitCallerRate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const max = request.server.load.apiRequestsPerMinute;
  const caller = callerKeyOf(request);
  if (max <= 0 || !caller) return;
  const { hits, retry_after } = await hit(request.server.db, `api:${caller}`, { max, window_seconds: 60 });
  if (hits <= max) return;
  reply.header("retry-after", String(retry_after));
  throw new FieldworkError("API_RATE_LIMITED", `Too many requests from this member or API key: at most ${max} a minute. Try again in ${retry_after} s.`);
}
