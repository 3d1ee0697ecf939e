/**
 * Every request body has a deadline (README "Environment"), kept here rather than by Node's
 * own `requestTimeout` so that it can differ by route:
 *
 * - any request: its body complete within REQUEST_TIMEOUT_MS (30 s), as before;
 * - an upload (a signed `PUT /v1/storage/object/…`, a multipart `POST /submit/…`): no fixed
 *   time but progress — after UPLOAD_PACE.graceMs, every UPLOAD_PACE.windowMs must bring at
 *   least UPLOAD_PACE.minBytesPerSecond on average, and the whole body must arrive within
 *   UPLOAD_PACE.maxMs. A slow but honest 50 MB upload goes through; a client dripping a byte
 *   a second is cut within grace + one window. A window in which the server itself was not
 *   reading (its buffer full: storage slower than the client) never counts against the client.
 *
 * A body past its deadline is answered `408 Request Timeout` and the connection is closed,
 * the same bytes Node writes; the route's stream then fails and stores nothing.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Socket } from "node:net";

export interface UploadPace {
  graceMs: number;
  windowMs: number;
  minBytesPerSecond: number;
  maxMs: number;
}

/** 8 KiB/s (a 50 MB upload in under two hours would pass; maxMs caps it at 10 minutes: 85 KB/s). */
export const UPLOAD_PACE: UploadPace = { graceMs: 10_000, windowMs: 5_000, minBytesPerSecond: 8 * 1024, maxMs: 10 * 60_000 };

const TIMEOUT_ANSWER = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n";

/** A request whose body is an upload (paced by progress, not by REQUEST_TIMEOUT_MS). */
export function isUploadRequest(method: string, url: string, contentType: string | undefined): boolean {
  if (method === "PUT" && url.startsWith("/v1/storage/object/")) return true;
  return method === "POST" && url.startsWith("/submit/") && (contentType ?? "").toLowerCase().startsWith("multipart/form-data");
}

function cut(request: FastifyRequest, why: string) {
  const socket: Socket | null = request.raw.socket;
  if (!socket || socket.destroyed) return;
  request.log.info({ reqId: request.id, why }, "request body too slow: answered 408");
  if (!request.raw.complete && !socket.writableEnded) {
    // Nothing of the answer sent yet: Node's own 408; else only the connection goes.
    if (!(request.raw as { res?: { headersSent?: boolean } }).res?.headersSent) socket.end(TIMEOUT_ANSWER);
  }
  socket.destroySoon();
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/** Installs the deadlines (call before routes); `requestMs` is REQUEST_TIMEOUT_MS. */
export function bodyDeadlines(app: FastifyInstance, requestMs: number, pace: UploadPace = UPLOAD_PACE): void {
  app.addHook("onRequest", async (request) => {
    const raw = request.raw;
    // An injected request (tests) has no real socket to watch or cut.
    const socket = raw.socket as Socket | null;
    if (raw.complete || !(socket instanceof Socket)) return;
    const upload = isUploadRequest(raw.method ?? "", raw.url ?? "", raw.headers["content-type"]);
    const timers: NodeJS.Timeout[] = [];
    const stop = () => timers.forEach((t) => clearTimeout(t));
    raw.once("end", stop);
    raw.once("close", stop);
    if (!upload) {
      timers.push(setTimeout(() => { if (!raw.complete) cut(request, `body not complete within ${requestMs} ms`); }, requestMs));
      timers[0]!.unref();
      return;
    }
    const started = Date.now();
    let mark = socket.bytesRead;
    const check = () => {
      if (raw.complete) return;
      if (Date.now() - started >= pace.maxMs) return cut(request, `upload not complete within ${pace.maxMs} ms`);
      const read = socket.bytesRead - mark;
      mark = socket.bytesRead;
      // The server not reading (its buffer holds a full chunk): the client is not to blame.
      const serverBehind = raw.readableLength > 0 || socket.isPaused();
      if (!serverBehind && read < (pace.minBytesPerSecond * pace.windowMs) / 1000) {
        return cut(request, `upload slower than ${pace.minBytesPerSecond} B/s`);
      }
      schedule(pace.windowMs);
    };
    const schedule = (ms: number) => {
      const timer = setTimeout(check, ms);
      timer.unref();
      timers.push(timer);
    };
    // The grace period counts as the first window's start: bytes of the grace are not judged.
    const afterGrace = setTimeout(() => {
      mark = socket.bytesRead;
      schedule(pace.windowMs);
    }, pace.graceMs);
    afterGrace.unref();
    timers.push(afterGrace);
  });
}
