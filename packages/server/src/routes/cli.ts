/** POST /internal/cli: the CLI runs its commands here while this server holds PGlite. */
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { runCommand, type CliCommand } from "../cli/commands";

export interface CliEndpoint { token: string; publicUrl: string }

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export async function cliRoutes(app: FastifyInstance, options: CliEndpoint): Promise<void> {
  app.post<{ Body: CliCommand }>("/internal/cli", { bodyLimit: 16 * 1024 * 1024 }, async (request, reply) => {
    const given = Buffer.from(String(request.headers["x-fieldwork-cli-token"] ?? ""));
    const expected = Buffer.from(options.token);
    const remote = request.socket.remoteAddress ?? "";
    if (!LOOPBACK.has(remote) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(404).send({ data: null, error: { code: "NOT_FOUND", message: "Not found." } });
    }
    return runCommand({ db: app.db, auth: app.auth, publicUrl: options.publicUrl }, request.body);
  });
}
