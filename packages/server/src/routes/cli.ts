/**
 * POST /internal/cli: the CLI runs its commands here while this server holds PGlite. A
 * command answers its output as JSON (`{ stdout, exit_code }`); `responses.list` answers its
 * rows as a streamed CSV or JSON-lines body, or, when the query fails before the first row,
 * the JSON error envelope with the error's status.
 */
import { timingSafeEqual } from "node:crypto";
import { BODY_LIMIT_BYTES } from "@fieldwork/core";
import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { runCommand, type BufferedCommand, type CliCommand } from "../cli/commands";
import { checkResponsesList, MEDIA_TYPES, runResponsesList } from "../cli/responses-list";
import { streamWriter } from "../cli/text-stream";

export interface CliEndpoint { token: string; publicUrl: string }

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Streams a listing. The query runs and its first rows are ready before the answer starts
 * (a bad filter value is still a 4xx through the app's error handler); a failure after that
 * cuts the body, which the CLI reports.
 */
async function streamListing(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body: CliCommand): Promise<FastifyReply> {
  const command = checkResponsesList(body);
  const out = new PassThrough();
  const write = streamWriter(out);
  let start!: () => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const done = runResponsesList(app.db, command, (text) => {
    start();
    return write(text);
  });
  await Promise.race([started, done]);
  done.then(() => out.end(), (error: unknown) => {
    request.log.error({ err: error, reqId: request.id }, "responses list failed midway");
    out.destroy(error as Error);
  });
  return reply.type(`${MEDIA_TYPES[command.format]}; charset=utf-8`).send(out);
}

export async function cliRoutes(app: FastifyInstance, options: CliEndpoint): Promise<void> {
  const expected = Buffer.from(options.token);
  /** Before the body is read (onRequest): a caller without the token gets 404 whatever it sends. */
  const fromTheCli = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = Buffer.from(String(request.headers["x-fieldwork-cli-token"] ?? ""));
    const remote = request.socket.remoteAddress ?? "";
    if (!LOOPBACK.has(remote) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(404).send({ data: null, error: { code: "NOT_FOUND", message: "Not found." } });
    }
  };
  app.post<{ Body: CliCommand }>("/internal/cli", { bodyLimit: BODY_LIMIT_BYTES.cli, onRequest: fromTheCli }, async (request, reply) => {
    if (request.body?.cmd === "responses.list") return streamListing(app, request, reply, request.body);
    return runCommand({ db: app.db, auth: app.auth, publicUrl: options.publicUrl }, request.body as BufferedCommand);
  });
}
