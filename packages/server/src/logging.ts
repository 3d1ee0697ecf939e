/**
 * The request log: Fastify's request line, with secret tokens (`fwk_…`, `fwi_…`) redacted
 * from URLs and headers and long URLs clipped. Tokens travel in invitation links and API
 * paths; a log file must not hand them to whoever reads it.
 */
import { clipText, LIMITS } from "@fieldwork/core";
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { redactTokens } from "./auth/redact";

export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: clipText(redactTokens(request.url), LIMITS.url_length),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL (info when unset); another value stops the start with a message naming the levels. */
export function logLevelOf(value: string | undefined): LogLevel {
  if (!value) return "info";
  const level = value.trim().toLowerCase();
  if ((LOG_LEVELS as readonly string[]).includes(level)) return level as LogLevel;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got ${JSON.stringify(value.slice(0, 40))}).`);
}

/** Paths pino blanks wherever headers are logged (an error's request, a plugin's debug line). */
const REDACTED_HEADERS = ["req.headers.authorization", "req.headers.cookie", "req.headers[\"x-fieldwork-cli-token\"]", "headers.authorization", "headers.cookie"];

/** The app's logger options with the serializers and redaction above; `false` stays off. */
export function loggerOptions(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return { ...base, serializers: { ...logSerializers, ...(base as { serializers?: object }).serializers }, redact: REDACTED_HEADERS };
}
