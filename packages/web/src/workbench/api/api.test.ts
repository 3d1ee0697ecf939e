import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, messageOf } from "./http";
import { fetchMe } from "./me";
import { addMember, createOrganization, fetchMembers, removeMember } from "./organizations";
import { createProject } from "./projects";
import { createDocument, deleteDocument, fetchDocument, fetchDocuments, updateDocument } from "./documents";
import { createApiKey, fetchApiKeys, revokeApiKey } from "./api-keys";
import { signIn, signOut, signUp, TOO_MANY_ATTEMPTS } from "./auth";

interface Call {
  url: string;
  init: RequestInit;
}

function stubFetch(status: number, body: unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

const ok = (data: unknown) => ({ data, error: null });
const headersOf = (call: Call) => call.init.headers as Record<string, string>;

afterEach(() => vi.unstubAllGlobals());

describe("private reads", () => {
  it("GET with the session cookie, no body, no CSRF header, and the abort signal", async () => {
    const calls = stubFetch(200, ok({ user: { id: "u1" } }));
    const signal = new AbortController().signal;
    await expect(fetchMe(signal)).resolves.toEqual({ user: { id: "u1" } });
    expect(calls[0]!.url).toBe("/private/editor/me");
    expect(calls[0]!.init).toMatchObject({ method: "GET", credentials: "same-origin", signal });
    expect(calls[0]!.init.body).toBeUndefined();
    expect(headersOf(calls[0]!)["x-fieldwork-csrf"]).toBeUndefined();
  });

  it("builds the resource paths, encoding ids", async () => {
    const calls = stubFetch(200, ok([]));
    await fetchMembers("o/1");
    await fetchDocuments("p1");
    await fetchDocument("d1");
    await fetchApiKeys("p 1");
    expect(calls.map((c) => c.url)).toEqual([
      "/private/editor/organizations/o%2F1/members",
      "/private/editor/projects/p1/documents",
      "/private/editor/documents/d1",
      "/private/editor/projects/p%201/api-keys",
    ]);
    expect(calls.every((c) => c.init.method === "GET")).toBe(true);
  });
});

describe("private mutations", () => {
  it("POST JSON with the CSRF token of /me", async () => {
    const calls = stubFetch(200, ok({ id: "o1", name: "acme", display_name: "Acme" }));
    await createOrganization({ name: "acme", display_name: "Acme" }, { csrf_token: "tok" });
    await createProject("o1", { name: "web" }, { csrf_token: "tok" });
    await createDocument("p1", { doctype: "v0_form", title: "Signup" }, { csrf_token: "tok" });
    expect(calls.map((c) => [c.url, c.init.method, JSON.parse(c.init.body as string)])).toEqual([
      ["/private/editor/organizations", "POST", { name: "acme", display_name: "Acme" }],
      ["/private/editor/organizations/o1/projects", "POST", { name: "web" }],
      ["/private/editor/projects/p1/documents", "POST", { doctype: "v0_form", title: "Signup" }],
    ]);
    for (const call of calls) {
      expect(headersOf(call)).toMatchObject({ "Content-Type": "application/json", "x-fieldwork-csrf": "tok" });
      expect(call.init.credentials).toBe("same-origin");
    }
  });

  it("members: POST to add or change a role, DELETE to remove", async () => {
    const calls = stubFetch(200, ok({ user_id: "u2", role: "editor" }));
    await expect(addMember("o1", { email: "bo@example.com", role: "editor" }, { csrf_token: "tok" })).resolves.toEqual({ user_id: "u2", role: "editor" });
    await removeMember("o1", "u/2", { csrf_token: "tok" });
    expect(calls.map((c) => [c.url, c.init.method, JSON.parse(c.init.body as string)])).toEqual([
      ["/private/editor/organizations/o1/members", "POST", { email: "bo@example.com", role: "editor" }],
      ["/private/editor/organizations/o1/members/u%2F2", "DELETE", {}],
    ]);
    for (const call of calls) expect(headersOf(call)["x-fieldwork-csrf"]).toBe("tok");
  });

  it("documents: PATCH the title or published, DELETE the document", async () => {
    const calls = stubFetch(200, ok({ id: "d1" }));
    await updateDocument("d1", { title: "Signup v2" }, { csrf_token: "tok" });
    await updateDocument("d1", { published: true }, { csrf_token: "tok" });
    await deleteDocument("d1", { csrf_token: "tok" });
    expect(calls.map((c) => [c.url, c.init.method, JSON.parse(c.init.body as string)])).toEqual([
      ["/private/editor/documents/d1", "PATCH", { title: "Signup v2" }],
      ["/private/editor/documents/d1", "PATCH", { published: true }],
      ["/private/editor/documents/d1", "DELETE", {}],
    ]);
    for (const call of calls) expect(headersOf(call)).toMatchObject({ "Content-Type": "application/json", "x-fieldwork-csrf": "tok" });
  });

  it("API keys: POST name and role (the answer carries the token), DELETE by id", async () => {
    const calls = stubFetch(201, ok({ id: "k1", name: "CI", role: "viewer", token: "fwk_secret" }));
    await expect(createApiKey("p1", { name: "CI", role: "viewer" }, { csrf_token: "tok" })).resolves.toMatchObject({ token: "fwk_secret" });
    await revokeApiKey("p1", "k1", { csrf_token: "tok" });
    expect(calls.map((c) => [c.url, c.init.method, JSON.parse(c.init.body as string)])).toEqual([
      ["/private/editor/projects/p1/api-keys", "POST", { name: "CI", role: "viewer" }],
      ["/private/editor/projects/p1/api-keys/k1", "DELETE", {}],
    ]);
    for (const call of calls) expect(headersOf(call)["x-fieldwork-csrf"]).toBe("tok");
  });

  it("carries USER_NOT_FOUND and LAST_OWNER with the server's message", async () => {
    stubFetch(404, { data: null, error: { code: "USER_NOT_FOUND", message: "No account has this email address." } });
    await expect(addMember("o1", { email: "x@y.z", role: "viewer" }, { csrf_token: "t" })).rejects.toMatchObject({ status: 404, code: "USER_NOT_FOUND", message: "No account has this email address." });
    stubFetch(409, { data: null, error: { code: "LAST_OWNER", message: "An organization keeps at least one owner." } });
    await expect(removeMember("o1", "u1", { csrf_token: "t" })).rejects.toMatchObject({ status: 409, code: "LAST_OWNER" });
  });

  it("throws the envelope's error with its status, code and message", async () => {
    stubFetch(409, { data: null, error: { code: "NAME_TAKEN", message: "That name is taken." } });
    const error = await createOrganization({ name: "acme" }, { csrf_token: "t" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: "NAME_TAKEN", message: "That name is taken." });
  });

  it("turns an answer without an envelope into a readable error", async () => {
    stubFetch(502, undefined);
    const error = await fetchMe().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: "HTTP_502" });
    expect(messageOf(error)).toMatch(/server had a problem/);
    expect(messageOf(new TypeError("fetch failed"))).toMatch(/Could not reach the server/);
  });
});

describe("accounts", () => {
  it("posts JSON to better-auth's email endpoints", async () => {
    const calls = stubFetch(200, { user: {} });
    await signUp({ email: "a@b.c", password: "12345678", name: "Ada" });
    await signIn({ email: "a@b.c", password: "12345678" });
    await signOut();
    expect(calls.map((c) => [c.url, c.init.method, JSON.parse(c.init.body as string)])).toEqual([
      ["/api/auth/sign-up/email", "POST", { email: "a@b.c", password: "12345678", name: "Ada" }],
      ["/api/auth/sign-in/email", "POST", { email: "a@b.c", password: "12345678" }],
      ["/api/auth/sign-out", "POST", {}],
    ]);
    expect(headersOf(calls[2]!)["Content-Type"]).toBe("application/json");
  });

  it("shows the server's message for 401 and our own for 429", async () => {
    stubFetch(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
    await expect(signIn({ email: "a@b.c", password: "x" })).rejects.toMatchObject({ status: 401, message: "Invalid email or password" });
    stubFetch(429, { message: "Too many requests. Please try again later." });
    await expect(signIn({ email: "a@b.c", password: "x" })).rejects.toMatchObject({ status: 429, message: TOO_MANY_ATTEMPTS });
  });
});
