/**
 * A local stand-in for an OpenAI-compatible chat-completions service, for tests (the real
 * provider is not reachable from CI): `POST /v1/chat/completions` answers what `reply`
 * returns for the request's JSON body — a message `content` in the protocol's envelope
 * (`choices[0].message.content`), or a raw `body` with any status, after an optional delay.
 * It records each request's body and Authorization header.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInReply {
  /** The message content, wrapped in a chat.completion answer. */
  content?: string;
  /** A raw answer body instead (hostile or broken answers). */
  body?: string;
  status?: number;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
}

export interface ChatRequest { body: { model?: string; messages?: { role: string; content: string }[] }; authorization: string | undefined }

export interface ChatStandIn {
  /** The base URL to give as AI_BASE_URL (`http://127.0.0.1:PORT/v1`). */
  url: string;
  requests: ChatRequest[];
  reply: (request: ChatRequest) => StandInReply;
  close(): Promise<void>;
}

const completion = (content: string, model = "stand-in") => JSON.stringify({
  id: "chatcmpl-standin", object: "chat.completion", created: Math.floor(Date.now() / 1000), model,
  choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startChatStandIn(reply: ChatStandIn["reply"] = () => ({ content: "{}" })): Promise<ChatStandIn> {
  const standIn = { requests: [] as ChatRequest[], reply } as ChatStandIn;
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer(async (request, response) => {
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      response.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not found"}}');
      return;
    }
    let body: ChatRequest["body"] = {};
    try {
      body = JSON.parse(await readBody(request)) as ChatRequest["body"];
    } catch {
      response.writeHead(400).end();
      return;
    }
    const chat = { body, authorization: request.headers.authorization };
    standIn.requests.push(chat);
    const answer = standIn.reply(chat);
    const send = () => {
      if (response.destroyed) return;
      response.writeHead(answer.status ?? 200, { "content-type": "application/json" });
      response.end(answer.body ?? completion(answer.content ?? "", body.model));
    };
    if (!answer.delayMs) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, answer.delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  standIn.close = async () => {
    for (const timer of timers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return standIn;
}
