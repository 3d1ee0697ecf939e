/**
 * Webhooks in the app: `app.webhooks` holds the settings the routes check URLs with and,
 * when this server delivers (`deliver: true`, as `npm start` does), the runner: pg-boss
 * workers and the outbox relay, stopped when the app closes. Tests that only call the
 * routes leave it off, so no queue starts behind them.
 */
import type { FastifyInstance } from "fastify";
import { DEFAULT_WEBHOOK_CONFIG, type WebhookConfig } from "./config";
import { WebhookRunner } from "./runner";

export interface WebhookOptions extends Partial<WebhookConfig> {
  /** Run the relay and the delivery workers in this process. */
  deliver?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    webhooks: { config: WebhookConfig; runner: WebhookRunner | null };
  }
}

export async function webhooks(app: FastifyInstance, options: WebhookOptions = {}): Promise<void> {
  const { deliver = false, ...settings } = options;
  const config: WebhookConfig = { ...DEFAULT_WEBHOOK_CONFIG, ...settings };
  // Each attempt: a log line naming the request that made the event (request-id.ts), and the metrics' count.
  const runner = deliver ? new WebhookRunner(app.db, config, app.log, (attempt) => {
    app.log.info({ reqId: attempt.request_id, webhook: attempt }, "webhook delivery");
    app.metrics.webhookDeliveries.inc({ status: attempt.status });
  }) : null;
  app.decorate("webhooks", { config, runner });
  if (!runner) return;
  await runner.start();
  app.addHook("onClose", async () => runner.stop());
}
