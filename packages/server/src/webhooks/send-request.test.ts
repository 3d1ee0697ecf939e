/** One HTTP attempt against receivers on 127.0.0.1: a slow one, a chatty one, none at all. */
import { createServer, type Server } from "node:http";
import { WEBHOOK_RESPONSE_EXCERPT_LENGTH } from "@fieldwork/core";
import { afterEach, describe, expect, it } from "vitest";
import { sendRequest } from "./send-request";

let server: Server | undefined;
async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/in`;
}
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

const send = (url: string, timeoutMs = 2000) =>
  sendRequest({ url, body: '{"a":1}', headers: { "content-type": "application/json" }, timeoutMs, allowPrivate: true });

describe("sendRequest", () => {
  it("posts the body with its headers and keeps the start of a long answer", async () => {
    let seen: { method?: string; type?: string; body?: string } = {};
    const url = await listen((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (c: Buffer) => chunks.push(c));
      request.on("end", () => {
        seen = { method: request.method, type: request.headers["content-type"], body: Buffer.concat(chunks).toString() };
        response.writeHead(201).end("é".repeat(50_000));
      });
    });
    const outcome = await send(url);
    expect(seen).toEqual({ method: "POST", type: "application/json", body: '{"a":1}' });
    expect(outcome).toMatchObject({ http_status: 201, error: null, refused: false });
    expect(outcome.response_excerpt).toBe("é".repeat(WEBHOOK_RESPONSE_EXCERPT_LENGTH));
  });

  it("gives up after the timeout with no status", async () => {
    const url = await listen(() => { /* never answers */ });
    const outcome = await send(url, 300);
    expect(outcome).toMatchObject({ http_status: null, error: "No answer within 300 ms", refused: false });
    expect(outcome.duration_ms).toBeGreaterThanOrEqual(290);
    expect(outcome.duration_ms).toBeLessThan(2000);
  });

  it("reports a refused connection as an error, and a private address as refused when not allowed", async () => {
    const url = await listen((_request, response) => response.end());
    const port = new URL(url).port;
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    expect((await send(`http://127.0.0.1:${port}/in`)).error).toMatch(/ECONNREFUSED/);
    const refused = await sendRequest({ url: "http://localhost:9/in", body: "{}", headers: {}, timeoutMs: 2000, allowPrivate: false });
    expect(refused).toMatchObject({ http_status: null, refused: true });
    expect(refused.error).toMatch(/^Refused: localhost resolves to (127\.0\.0\.1|::1)/);
  });
});
