/** Runtime configuration from the environment (docs: README "Environment"). */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { httpTimeoutsFromEnv, type HttpTimeouts } from "./http-timeouts";
import { wholeNumberFromEnv } from "./env-number";
import { DEFAULT_LOAD_SETTINGS, type LoadSettings } from "./limits/load-limits";
import { DEFAULT_SHUTDOWN_TIMEOUT_MS } from "./shutdown";
import { logLevelOf, type LogLevel } from "./logging";
import { LAZY_INDEX_MIN_ROWS } from "./tables/lazy-indexes";
import { aiSettingsOf, type AiSettings } from "./ai/ai-settings";
import { paymentSettingsOf, type PaymentSettings } from "./payments/stripe-settings";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  secretKey: string;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy: addresses or CIDRs,
   * comma separated). The default, loopback, fits a reverse proxy on the same machine; a
   * wider setting would let anyone pick their own address and dodge per-address limits.
   */
  trustProxy: string;
  /** Scales the per-address limits of the public endpoints (1 = as documented, 0 = off). */
  rateLimitFactor: number;
  /** REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, CONNECTION_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS (http-timeouts.ts). */
  httpTimeouts: HttpTimeouts;
  /** Query timeout, export and change-stream caps, per-caller rate (limits/load-limits.ts). */
  load: LoadSettings;
  /** SHUTDOWN_TIMEOUT_MS: how long SIGTERM/SIGINT may take to finish requests and jobs (shutdown.ts). */
  shutdownTimeoutMs: number;
  /** METRICS_TOKEN: the bearer token `/metrics` asks for; unset, there is no `/metrics`. */
  metricsToken: string | undefined;
  /** LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent. */
  logLevel: LogLevel;
  /** LAZY_INDEX_MIN_ROWS: tables with fewer rows get no column index (tables/lazy-indexes.ts). */
  lazyIndexes: { minRows: number };
  /** STORAGE_URL: unset → files on disk under DATA_DIR/storage; `s3://bucket?endpoint=…` → S3 (storage/driver.ts). */
  storageUrl: string | undefined;
  /** SUPPORT_URL: where the outdated-schema page's "Contact support" goes (http(s) or mailto:); unset, no such link. */
  supportUrl: string | undefined;
  /** AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS, AI_RATE_LIMIT_PER_MINUTE: field suggestions (ai/ai-settings.ts). */
  ai: AiSettings;
  /** STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE; TOSS_SECRET_KEY, TOSS_CLIENT_KEY, TOSS_API_BASE, TOSS_SDK_URL: payments (payments/stripe-settings.ts, toss-settings.ts). */
  payments: PaymentSettings;
}

/** The shortest METRICS_TOKEN taken: a guessable token would make the metrics public. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

export function metricsTokenOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < METRICS_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    throw new Error(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} printable characters without spaces (for example \`openssl rand -hex 24\`).`);
  }
  return value;
}

export const DEFAULT_TRUST_PROXY = "127.0.0.1,::1";

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = resolve(env.DATA_DIR ?? "./.data");
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    secretKey: env.SECRET_KEY || secretFromDataDir(dataDir),
    trustProxy: env.TRUST_PROXY || DEFAULT_TRUST_PROXY,
    rateLimitFactor: rateLimitFactorOf(env.PUBLIC_RATE_LIMIT_FACTOR),
    httpTimeouts: httpTimeoutsFromEnv(env),
    load: loadSettingsOf(env),
    shutdownTimeoutMs: wholeNumberFromEnv(env, "SHUTDOWN_TIMEOUT_MS", DEFAULT_SHUTDOWN_TIMEOUT_MS, 1),
    metricsToken: metricsTokenOf(env.METRICS_TOKEN),
    logLevel: logLevelOf(env.LOG_LEVEL),
    lazyIndexes: { minRows: wholeNumberFromEnv(env, "LAZY_INDEX_MIN_ROWS", LAZY_INDEX_MIN_ROWS, 0) },
    storageUrl: env.STORAGE_URL || undefined,
    supportUrl: env.SUPPORT_URL || undefined,
    ai: aiSettingsOf(env),
    payments: paymentSettingsOf(env),
  };
}

export function loadSettingsOf(env: NodeJS.ProcessEnv): LoadSettings {
  const d = DEFAULT_LOAD_SETTINGS;
  return {
    queryTimeoutMs: wholeNumberFromEnv(env, "QUERY_TIMEOUT_MS", d.queryTimeoutMs, 0),
    exportStallMs: wholeNumberFromEnv(env, "EXPORT_STALL_TIMEOUT_MS", d.exportStallMs, 1),
    exportsPerCaller: wholeNumberFromEnv(env, "EXPORTS_PER_CALLER", d.exportsPerCaller, 1),
    exportsPerServer: wholeNumberFromEnv(env, "EXPORTS_PER_SERVER", d.exportsPerServer, 1),
    exportCopy: wholeNumberFromEnv(env, "EXPORT_COPY", d.exportCopy ? 1 : 0, 0) > 0,
    changeStreamsPerMember: wholeNumberFromEnv(env, "CHANGE_STREAMS_PER_MEMBER", d.changeStreamsPerMember, 1),
    apiRequestsPerMinute: wholeNumberFromEnv(env, "API_RATE_LIMIT_PER_MINUTE", d.apiRequestsPerMinute, 0),
  };
}

function rateLimitFactorOf(value: string | undefined): number {
  if (value === undefined || value === "") return 1;
  const factor = Number(value);
  if (!Number.isFinite(factor) || factor < 0) throw new Error(`PUBLIC_RATE_LIMIT_FACTOR must be a number ≥ 0 (got ${JSON.stringify(value)}).`);
  return factor;
}

/** A secret generated once into DATA_DIR when SECRET_KEY is not given. */
function secretFromDataDir(dataDir: string): string {
  const file = join(dataDir, "secret_key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
