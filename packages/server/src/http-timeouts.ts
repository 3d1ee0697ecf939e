/**
 * How long a client may take (README "Environment"): a stalled or trickled request body is
 * cut within REQUEST_TIMEOUT_MS, an upload's when it stops progressing (body-deadlines.ts
 * answers 408 and closes), headers must be complete
 * within HEADERS_TIMEOUT_MS, a socket with no traffic either way is closed after
 * CONNECTION_TIMEOUT_MS (longer than the event streams' 25 s heartbeat), and an idle
 * keep-alive connection after KEEP_ALIVE_TIMEOUT_MS. Production puts a buffering reverse
 * proxy in front (README "In production"), which reads slow uploads before they reach the server.
 */
import type { ServerOptions } from "node:http";
import { wholeNumberFromEnv } from "./env-number";

export interface HttpTimeouts {
  requestMs: number;
  headersMs: number;
  connectionMs: number;
  keepAliveMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  requestMs: 30_000,
  headersMs: 15_000,
  connectionMs: 120_000,
  keepAliveMs: 72_000,
};

const ENV_NAMES: Record<keyof HttpTimeouts, string> = {
  requestMs: "REQUEST_TIMEOUT_MS",
  headersMs: "HEADERS_TIMEOUT_MS",
  connectionMs: "CONNECTION_TIMEOUT_MS",
  keepAliveMs: "KEEP_ALIVE_TIMEOUT_MS",
};

/** The timeouts from the environment; each must be a whole number of milliseconds ≥ 1. */
export function httpTimeoutsFromEnv(env: NodeJS.ProcessEnv): HttpTimeouts {
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS };
  for (const key of Object.keys(ENV_NAMES) as (keyof HttpTimeouts)[]) {
    timeouts[key] = wholeNumberFromEnv(env, ENV_NAMES[key], timeouts[key], 1);
  }
  return timeouts;
}

/**
 * Fastify's options for the timeouts. Node checks the headers deadline every
 * `connectionsCheckingInterval` (30 s by default, which would double a 30 s deadline), so
 * the check runs ten times per deadline; headers never get longer than the whole request.
 * The body's deadline (REQUEST_TIMEOUT_MS, or an upload's pace) is body-deadlines.ts's, not
 * Node's `requestTimeout` (one value for every route): that is off here.
 */
export function serverTimeoutOptions(timeouts: Partial<HttpTimeouts> = {}): {
  requestTimeout: number; connectionTimeout: number; keepAliveTimeout: number; http: ServerOptions;
} {
  const { requestMs, headersMs, connectionMs, keepAliveMs } = { ...DEFAULT_HTTP_TIMEOUTS, ...timeouts };
  const headers = Math.min(headersMs, requestMs);
  return {
    requestTimeout: 0,
    connectionTimeout: connectionMs,
    keepAliveTimeout: keepAliveMs,
    http: {
      requestTimeout: 0,
      headersTimeout: headers,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headers / 10))),
    },
  };
}
