/**
 * The JSON body parser every route uses: the raw text is scanned for nesting first
 * (`jsonTextTooDeep`, one pass without recursion), and a body nested deeper than
 * LIMITS.json_depth is refused with 400 NESTED_TOO_DEEP before `JSON.parse` builds anything;
 * the rest goes to Fastify's own parser (prototype-poisoning checks, empty-body errors).
 * Fastify runs content-type parsers after the onRequest hooks, so a route that checks its
 * caller there never parses a stranger's body.
 */
import { FieldworkError, jsonTextTooDeep, LIMITS } from "@fieldwork/core";
import type { FastifyInstance, FastifyRequest } from "fastify";

export interface JsonBodyOptions {
  /** A DELETE with `Content-Type: application/json` and no body (postgrest-js sends one) is no body. */
  emptyDelete?: boolean;
}

/** Replaces the `application/json` parser of `app`'s context (and the contexts it registers). */
export function useDepthLimitedJson(app: FastifyInstance, options: JsonBodyOptions = {}): void {
  const json = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? "error", app.initialConfig.onConstructorPoisoning ?? "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request: FastifyRequest, body: string | Buffer, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (options.emptyDelete && text === "" && request.method === "DELETE") return done(null, undefined);
    if (jsonTextTooDeep(text)) return done(new FieldworkError("NESTED_TOO_DEEP", `The request body nests deeper than ${LIMITS.json_depth} levels.`), undefined);
    return json(request, text, done);
  });
}
