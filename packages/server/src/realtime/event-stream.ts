/**
 * A Server-Sent Events answer (`text/event-stream`): named events with JSON data, a comment
 * every 25 s so proxies and browsers keep an idle connection open, and one `close` when the
 * client goes away, the server ends it, or the app shuts down.
 *
 * ```
 * retry: 3000
 *
 * event: rows
 * data: {"form_id":"…","op":"INSERT","count":1}
 *
 * : heartbeat
 * ```
 *
 * The body is a stream Fastify pipes to the socket as it is written: compression.ts leaves
 * `text/event-stream` alone (compressing would buffer events), and the onSend hooks run once,
 * before the first byte, so nothing waits for the stream to end.
 */
import type { FastifyReply } from "fastify";
import { PassThrough } from "node:stream";

export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream. */
export const RETRY_MS = 3_000;
/** A client this far behind is not reading: the stream is dropped and it reconnects when it can. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export class EventStream {
  readonly #body = new PassThrough();
  readonly #heartbeat: NodeJS.Timeout;
  readonly #onClose: (() => void)[] = [];
  #closed = false;

  constructor(heartbeatMs = HEARTBEAT_MS) {
    // The first bytes go out at once, headers with them, so the client knows it is connected.
    this.#body.write(`retry: ${RETRY_MS}\n\n`);
    this.#heartbeat = setInterval(() => this.#write(": heartbeat\n\n"), heartbeatMs);
    this.#heartbeat.unref();
    this.#body.on("close", () => this.#finish());
  }

  get closed(): boolean {
    return this.#closed;
  }

  send(event: string, data: unknown): void {
    this.#write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Runs once when the stream ends, whoever ended it. */
  onClose(callback: () => void): void {
    if (this.#closed) callback();
    else this.#onClose.push(callback);
  }

  /** Ends the answer (the app is closing). */
  end(): void {
    this.#body.end();
    this.#finish();
  }

  /** Sends the stream as the reply's body. */
  answer(reply: FastifyReply): FastifyReply {
    reply.raw.on("close", () => this.#finish());
    return reply
      .header("content-type", "text/event-stream; charset=utf-8")
      .header("cache-control", "no-cache, no-transform")
      // nginx and similar proxies buffer answers unless told otherwise.
      .header("x-accel-buffering", "no")
      .send(this.#body);
  }

  #write(text: string): void {
    if (this.#closed || !this.#body.writable) return;
    if (this.#body.writableLength > MAX_BUFFERED_BYTES) this.#body.destroy();
    else this.#body.write(text);
  }

  #finish(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#heartbeat);
    for (const callback of this.#onClose.splice(0)) callback();
  }
}
