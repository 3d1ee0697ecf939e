/**
 * `/metrics` (Prometheus text format) and the request timing behind it. Without a
 * configured token (METRICS_TOKEN, config.ts) `/metrics` answers 404 NOT_FOUND; with one, a
 * request without `Authorization: Bearer <token>` gets 401 METRICS_TOKEN_INVALID. Every
 * request is timed under its route pattern (`request.routeOptions.url`), never its raw URL.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { FieldworkError } from "@fieldwork/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { toFieldworkError } from "../http-errors";
import { AppMetrics, METRICS_CONTENT_TYPE } from "./metrics";
import { registerScrapeSources } from "./metrics-sources";

declare module "fastify" {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export interface MetricsOptions {
  /** The bearer token `/metrics` asks for; without one the route does not exist. */
  token?: string | undefined;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether an Authorization header carries `token` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header ?? "");
  return !!match && timingSafeEqual(digest(match[1]!), digest(token));
}

/** The public submit route, whose answers are counted accepted or refused. */
export const SUBMIT_ROUTE = "/submit/:form_id";

/**
 * `app.metrics`, and (when `/metrics` is on: a token) the timing of every request and the
 * count of submits; first, so every later hook and route is timed. A submit is refused when anything on its way throws (a rate
 * limit, a body too large, refused answers), counted under the error's catalogue code.
 */
export function useMetrics(app: FastifyInstance, options: MetricsOptions = {}): void {
  const metrics = new AppMetrics();
  app.decorate("metrics", metrics);
  // Without a token nobody can scrape: no timing or submit counting on every request.
  if (!options.token) return;
  const refusals = new WeakMap<FastifyRequest, string>();
  app.addHook("onError", async (request, _reply, error) => {
    if (request.routeOptions.url === SUBMIT_ROUTE) refusals.set(request, toFieldworkError(error)?.code ?? "INTERNAL_SERVER_ERROR");
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url;
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (route !== SUBMIT_ROUTE || request.method !== "POST") return;
    const refused = refusals.get(request);
    if (refused) metrics.submitRefused(refused);
    else if (reply.statusCode < 400) metrics.submitAccepted();
  });
}

/** The `/metrics` route: 404 NOT_FOUND without a configured token, 401 without the right bearer token. */
export function metricsRoute(app: FastifyInstance, options: MetricsOptions = {}): void {
  registerScrapeSources(app, app.metrics);
  const token = options.token;
  if (token) app.metrics.collectProcessMetrics();
  // Declared even without a token, so the workbench's catch-all does not answer it either.
  app.get("/metrics", async (request, reply) => {
    if (!token) throw new FieldworkError("NOT_FOUND");
    if (!bearerMatches(request.headers.authorization, token)) throw new FieldworkError("METRICS_TOKEN_INVALID");
    return reply.type(METRICS_CONTENT_TYPE).header("cache-control", "no-store").send(await app.metrics.registry.metrics());
  });
}
