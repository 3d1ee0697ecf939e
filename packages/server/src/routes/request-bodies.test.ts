/**
 * Request bodies from strangers (issue 19 items 4, 5 and 21), through the real app on both
 * backends: a route that needs a caller refuses one without credentials before reading the
 * body, each route group has its own body limit, nesting is refused before JSON.parse, a
 * stalled body is cut off, and a refused native submit logs no error.
 */
import { connect } from "node:net";
import { Writable } from "node:stream";
import type { AddressInfo } from "node:net";
import { BODY_LIMIT_BYTES, LIMITS } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { as, ORIGIN, signUp, type Member } from "../test/accounts";
import { BACKENDS, multipart } from "../test/backends";

const FORM = {
  title: "Bodies",
  fields: [{ name: "name", type: "text", required: true }, { name: "plan", type: "radio", options: [{ value: "a" }, { value: "b" }] }],
  blocks: [{ type: "field", field: "name" }, { type: "field", field: "plan" }],
};

const CLI_TOKEN = "cli-token-for-the-body-tests";

describe.each(BACKENDS)("request bodies on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: Member;
  let project: string;
  let editorKey: string;
  let log = "";

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    const stream = new Writable({ write(chunk, _enc, done) { log += chunk.toString(); done(); } });
    app = await buildApp({
      db: database.db, publicUrl: ORIGIN, logger: { level: "info", stream }, rateLimitFactor: 0,
      cli: { token: CLI_TOKEN, publicUrl: ORIGIN }, httpTimeouts: { requestMs: 1_000, headersMs: 500 },
    });
    owner = await signUp(app, "bodies@example.com", "correct horse battery", "10.30.0.1");
    const org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "bodies" })).json().data.id;
    project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "site" })).json().data.id;
    editorKey = (await as(app, owner)("POST", `/private/editor/projects/${project}/api-keys`, { name: "editor", role: "editor" })).json().data.token as string;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Spies on JSON.parse: the lengths of the texts it was given. */
  const parsedLengths = () => {
    const parse = vi.spyOn(JSON, "parse");
    return () => parse.mock.calls.map(([text]) => String(text).length);
  };
  const send = (method: "POST" | "PATCH", url: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({ method, url, payload, headers: { "content-type": "application/json", accept: "application/json", ...headers } });

  it.skipIf(!backend.available)("a 16 MB nested body without credentials is refused before it is parsed: 401 on the Data API and the private API, 404 on the CLI's endpoint", async () => {
    const huge = "[".repeat(16 * 1024 * 1024 - 1);
    const lengths = parsedLengths();
    const rest = await send("POST", "/rest/v1/people", huge);
    expect(rest.statusCode).toBe(401);
    expect(rest.json().code).toBe("UNAUTHORIZED");
    const badKey = await send("POST", "/rest/v1/people", huge, { authorization: "Bearer fwk_not_a_key" });
    expect(badKey.statusCode).toBe(401);
    const editor = await send("POST", `/private/editor/projects/${project}/forms`, huge);
    expect(editor.statusCode).toBe(401);
    const cli = await send("POST", "/internal/cli", huge);
    expect(cli.statusCode).toBe(404);
    const wrongToken = await send("POST", "/internal/cli", huge, { "x-fieldwork-cli-token": "x".repeat(CLI_TOKEN.length) });
    expect(wrongToken.statusCode).toBe(404);
    expect(lengths().filter((n) => n > 10_000)).toEqual([]);
  });

  it.skipIf(!backend.available)("a caller's body nested past the limit is refused with NESTED_TOO_DEEP without reaching JSON.parse", async () => {
    const deep = `{"title":${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    const lengths = parsedLengths();
    const asOwner = { cookie: owner.cookie, "x-fieldwork-csrf": owner.csrf };
    const answers = [
      await send("POST", `/private/editor/projects/${project}/forms`, deep, asOwner),
      await send("POST", "/rest/v1/people", deep, { authorization: `Bearer ${editorKey}` }),
      await send("POST", "/internal/cli", deep, { "x-fieldwork-cli-token": CLI_TOKEN }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error?.code ?? answer.json().code).toBe("NESTED_TOO_DEEP");
    }
    expect(lengths().filter((n) => n > 10_000)).toEqual([]);
    const edge = `{"title":"Edge","start_page":${'{"a":'.repeat(LIMITS.json_depth - 2)}1${"}".repeat(LIMITS.json_depth - 2)}}`;
    expect((await send("POST", `/private/editor/projects/${project}/forms`, edge, asOwner)).json().error?.code).not.toBe("NESTED_TOO_DEEP");
  });

  it.skipIf(!backend.available)("the session PATCH reads kilobytes: a body over its limit is 413 PAYLOAD_TOO_LARGE, one under it is saved", async () => {
    const formId = (await as(app, owner)("POST", `/private/editor/projects/${project}/forms`, { title: "Long", fields: [{ name: "story", type: "textarea" }], blocks: [{ type: "field", field: "story" }] })).json().data.id as string;
    const session = (await app.inject({ method: "GET", url: `/v1/${formId}/session` })).json().data.id as string;
    const field = ((await app.inject({ method: "GET", url: `/v1/${formId}` })).json().data.fields as { id: string }[])[0]!.id;
    const url = `/v1/session/${session}/field/${field}`;
    const lengths = parsedLengths();
    const tooLarge = await send("PATCH", url, JSON.stringify({ value: "x".repeat(BODY_LIMIT_BYTES.session_field) }));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe("PAYLOAD_TOO_LARGE");
    const fiveMegabytes = await send("PATCH", url, `{"value":${"[".repeat(5 * 1024 * 1024)}`);
    expect(fiveMegabytes.statusCode).toBe(413);
    expect(lengths().filter((n) => n > BODY_LIMIT_BYTES.session_field)).toEqual([]);
    expect((await send("PATCH", url, JSON.stringify({ value: "y".repeat(BODY_LIMIT_BYTES.session_field - 100) }))).statusCode).toBe(200);
  });

  it.skipIf(!backend.available)("a client that sends headers and part of a body, then stalls, is answered 408 and cut off; so is one that never ends its headers", async () => {
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const stall = (text: string) => new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.write(text));
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString()));
      socket.on("error", reject);
      socket.on("close", () => resolve(answer));
    });
    const session = "00000000-0000-4000-8000-000000000000";
    const [body, headers] = await Promise.all([
      stall(`PATCH /v1/session/${session}/field/${session} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"value":"`),
      stall("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: "),
    ]);
    expect(body).toMatch(/^HTTP\/1\.1 408/);
    expect(headers).toMatch(/^HTTP\/1\.1 408/);
  });

  it.skipIf(!backend.available)("a refused native submit answers the form again and logs no error", async () => {
    const formId = (await as(app, owner)("POST", `/private/editor/projects/${project}/forms`, FORM)).json().data.id as string;
    const before = log.length;
    const body = multipart({ name: "", plan: "a" });
    const refused = await app.inject({ method: "POST", url: `/submit/${formId}`, payload: body.payload, headers: body.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
    const urlencoded = await app.inject({
      method: "POST", url: `/submit/${formId}`, payload: "name=&plan=a", headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(urlencoded.statusCode).toBe(400);
    const written = log.slice(before);
    expect(written).not.toMatch(/already sent|"level":(50|40)/);
  });
});
