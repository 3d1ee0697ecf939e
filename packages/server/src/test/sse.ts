/**
 * A Server-Sent Events client for tests: connects over real HTTP (an injected request would
 * wait for the stream to end), parses events and comments as they arrive, and waits for the
 * next event with a deadline.
 */
import http from "node:http";
import type { FastifyInstance } from "fastify";

export interface SseEvent { event: string; data: string; at: number }

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of a refused request (not a stream). */
  body: string;
  events: SseEvent[];
  comments: string[];
  /** The first event after those already taken, or a rejection after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  close(): void;
  closed: Promise<void>;
}

/** The app's address, listening on a free loopback port (once). */
export async function serverUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no TCP address");
  return `http://127.0.0.1:${address.port}`;
}

export function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: "text/event-stream", ...headers } }, (response) => {
      let buffer = "";
      let taken = 0;
      const waiters = new Set<() => void>();
      let onClosed!: () => void;
      const client: SseClient = {
        status: response.statusCode ?? 0, headers: response.headers, body: "", events: [], comments: [],
        closed: new Promise((done) => (onClosed = done)),
        next(timeoutMs = 2000) {
          return new Promise((found, fail) => {
            const check = () => {
              const event = client.events[taken];
              if (!event) return false;
              taken++;
              found(event);
              return true;
            };
            if (check()) return;
            const waiter = () => {
              if (!check()) return;
              clearTimeout(timer);
              waiters.delete(waiter);
            };
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              fail(new Error(`no event within ${timeoutMs} ms`));
            }, timeoutMs);
            waiters.add(waiter);
          });
        },
        close() {
          request.destroy();
        },
      };
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (!String(response.headers["content-type"]).startsWith("text/event-stream")) {
          client.body += chunk;
          return;
        }
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) client.comments.push(line.slice(1).trim());
            else if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
          }
          if (data.length) client.events.push({ event, data: data.join("\n"), at: Date.now() });
        }
        for (const waiter of [...waiters]) waiter();
      });
      response.on("close", () => onClosed());
      resolve(client);
    });
    request.on("error", (error) => {
      if ((error as NodeJS.ErrnoException).code !== "ECONNRESET") reject(error);
    });
  });
}
