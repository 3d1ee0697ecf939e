/** Webhook settings from the environment (README "Environment"). */
export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS=true: receivers on loopback and private networks are allowed (tests, LANs). */
  allowPrivateNetworks: boolean;
  /** WEBHOOK_TIMEOUT_MS: how long one attempt may take, 10 s by default. */
  timeoutMs: number;
  /** WEBHOOK_RETRY_BASE_SECONDS: the first retry's delay, doubling after; 30 s by default. */
  retryBaseSeconds: number;
  /** How often the relay looks for new outbox rows. */
  relayIntervalMs: number;
  /** Deliveries one server runs at a time. */
  concurrency: number;
}

export const DEFAULT_WEBHOOK_CONFIG: WebhookConfig = {
  allowPrivateNetworks: false, timeoutMs: 10_000, retryBaseSeconds: 30, relayIntervalMs: 1000, concurrency: 4,
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
