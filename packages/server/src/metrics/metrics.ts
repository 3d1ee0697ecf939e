/**
 * The app's Prometheus metrics (prom-client), one registry per app so tests that build
 * several apps do not share series. Every label has a bounded set of values: route
 * patterns (never raw URLs or form ids), HTTP methods from a fixed list, status codes,
 * catalogue error codes and delivery statuses. What is read at scrape time (pool use,
 * export streams, webhook queue depth) is read by `collect` callbacks (metrics-sources.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** The label of a request that matched no route: one series, whatever the URL was. */
export const UNMATCHED_ROUTE = "(unmatched)";

export class AppMetrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: "fieldwork_http_request_duration_seconds",
    help: "HTTP request durations by route pattern, method and status.",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly submits = new Counter({
    name: "fieldwork_submits_total",
    help: "Form submits: accepted, or refused with their error code.",
    labelNames: ["outcome", "code"] as const,
    registers: [this.registry],
  });
  readonly webhookDeliveries = new Counter({
    name: "fieldwork_webhook_deliveries_total",
    help: "Webhook delivery attempts by outcome (delivered, retrying, failed).",
    labelNames: ["status"] as const,
    registers: [this.registry],
  });

  /**
   * Process CPU, memory, handles and the event loop's lag (nodejs_eventloop_lag_seconds…):
   * only when `/metrics` is on, as they keep an event-loop monitor and a GC observer running.
   */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** One answered request; `route` is the route's pattern (`/submit/:form_id`) or undefined. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    this.httpDuration.observe({ method: METHODS.has(method) ? method : "OTHER", route: route ?? UNMATCHED_ROUTE, status_code: String(status) }, seconds);
  }

  submitAccepted(): void {
    this.submits.inc({ outcome: "accepted", code: "" });
  }

  /** `code` is a catalogue code (metrics-plugin.ts maps anything else to INTERNAL_SERVER_ERROR). */
  submitRefused(code: string): void {
    this.submits.inc({ outcome: "refused", code });
  }

  /** A gauge read when scraped. */
  gauge<L extends string>(name: string, help: string, labelNames: readonly L[], collect: (gauge: Gauge<L>) => void | Promise<void>): Gauge<L> {
    return new Gauge<L>({
      name, help, labelNames, registers: [this.registry],
      async collect() {
        await collect(this);
      },
    });
  }
}
