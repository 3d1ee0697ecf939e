/** Webhook settings from the environment (README "Environment"). */
export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS=true: receivers on loopback and private networks are allowed (tests, LANs). */
  allowPrivateNetworks: boolean;
  /** WEBHOOK_TIMEOUT_MS: how long one attempt may take, 5 s by default (a hung receiver holds a worker that long). */
  timeoutMs: number;
  /** WEBHOOK_RETRY_BASE_SECONDS: the first retry's delay, doubling after; 30 s by default. */
  retryBaseSeconds: number;
  /** How often the relay looks for new outbox rows. */
  relayIntervalMs: number;
  /** Deliveries one server runs at a time (an organization gets at most half of them: fair-share.ts). */
  concurrency: number;
  /** Failed attempts in a row that pause a webhook (core's WEBHOOK_BREAKER_FAILURES by default; tests lower it). */
  breakerFailures?: number;
}

export const DEFAULT_WEBHOOK_CONFIG: WebhookConfig = {
  allowPrivateNetworks: false, timeoutMs: 5_000, retryBaseSeconds: 30, relayIntervalMs: 1000, concurrency: 4,
};

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got ${JSON.stringify(raw)}).`);
  return value;
}

export function webhookConfigFromEnv(env: NodeJS.ProcessEnv = process.env): WebhookConfig {
  return {
    ...DEFAULT_WEBHOOK_CONFIG,
    allowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS === "true",
    timeoutMs: positive(env, "WEBHOOK_TIMEOUT_MS", DEFAULT_WEBHOOK_CONFIG.timeoutMs),
    retryBaseSeconds: positive(env, "WEBHOOK_RETRY_BASE_SECONDS", DEFAULT_WEBHOOK_CONFIG.retryBaseSeconds),
  };
}
