/**
 * The respondent's routes (those with a public rate limit: form page, preload, sessions,
 * answers, submit) run their handlers in the respondent's database lane (db/priority.ts),
 * so on PGlite they go before queued Data API and grid reads. Register before the routes.
 * Only PGlite's driver reads the lane: on PostgreSQL the handlers run as they are (no
 * AsyncLocalStorage context to carry through every await of a submit).
 */
import type { FastifyInstance, RouteHandlerMethod } from "fastify";
import { kindOf } from "../db/database";
import { asRespondent } from "../db/priority";

export function respondentLane(app: FastifyInstance): void {
  if (kindOf(app.db) === "postgres") return;
  app.addHook("onRoute", (route) => {
    if (!route.config?.rate_limit) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function inRespondentLane(request, reply) {
      return asRespondent(() => handler.call(this, request, reply));
    };
  });
}
