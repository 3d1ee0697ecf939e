/**
 * Keep-alive sockets must not hold the app's close open. Fastify's close stops the listener,
 * closes the sockets idle at that moment and answers 503 to requests arriving meanwhile; but a
 * socket whose request was in flight when the close began stays open after its answer until
 * KEEP_ALIVE_TIMEOUT_MS (72 s by default). While closing, answers carry `Connection: close`
 * and sockets that went idle are closed every 50 ms.
 */
import type { FastifyInstance } from "fastify";

export function closeConnectionsOnClose(app: FastifyInstance): void {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook("preClose", async () => {
    sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
  });
  app.addHook("onSend", async (_request, reply) => {
    if (sweep) reply.header("connection", "close");
  });
  app.addHook("onClose", async () => clearInterval(sweep));
}
