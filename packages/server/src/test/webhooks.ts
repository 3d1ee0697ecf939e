/**
 * For webhook tests: a receiver on 127.0.0.1 that records each request and answers as the
 * test says, and an app with an owner, a viewer key and a form, delivering webhooks fast
 * (relay every 100 ms, retries after 1 s, 2 s…) to private addresses.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import type { WebhookOptions } from "../webhooks/plugin";
import { as, ORIGIN, signUp, type Member } from "./accounts";
import type { Backend } from "./backends";

export interface Received { headers: IncomingHttpHeaders; body: string; at: number }

export interface Receiver {
  url: string;
  received: Received[];
  /** Answers the n-th request (0-based) with this status and body; 200 "ok" by default. */
  respond: (n: number) => { status: number; body?: string };
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver = {
    url: "", received: [] as Received[], respond: (() => ({ status: 200, body: "ok" })) as Receiver["respond"],
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const n = receiver.received.length;
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const answer = receiver.respond(n);
      response.writeHead(answer.status, { "content-type": "text/plain" }).end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  return Object.assign(receiver, {
    async waitFor(count: number, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > until) throw new Error(`receiver got ${receiver.received.length} of ${count} requests`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return receiver.received;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  });
}

export interface WebhookFixture {
  database: Database;
  app: FastifyInstance;
  owner: Member;
  viewerKey: string;
  form_id: string;
  close(): Promise<void>;
}

export const FAST_WEBHOOKS: WebhookOptions = {
  deliver: true, allowPrivateNetworks: true, relayIntervalMs: 100, retryBaseSeconds: 1, timeoutMs: 3000, concurrency: 2,
};

export async function openWebhookFixture(backend: Backend, name: string, webhooks: WebhookOptions = FAST_WEBHOOKS): Promise<WebhookFixture> {
  const database = await backend.open();
  const app = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0, webhooks });
  const owner = await signUp(app, `${name}@example.com`, "correct horse battery", "10.9.0.1");
  const org = (await as(app, owner)("POST", "/private/editor/organizations", { name })).json().data.id;
  const project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "hooks" })).json().data.id;
  const viewerKey = (await as(app, owner)("POST", `/private/editor/projects/${project}/api-keys`, { name: "v", role: "viewer" })).json().data.token as string;
  const form = (await as(app, owner)("POST", `/private/editor/projects/${project}/forms`, {
    title: "Hooks", fields: [{ name: "name", type: "text", label: "Name" }], blocks: [],
  })).json();
  if (!form.data) throw new Error(JSON.stringify(form.error));
  return {
    database, app, owner, viewerKey, form_id: form.data.id as string,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Polls `read` until `done` holds of its answer. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`condition not met; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
