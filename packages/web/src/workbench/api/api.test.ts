import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, messageOf } from "./http";
import { fetchMe } from "./me";
import { createOrganization, fetchMembers } from "./organizations";
import { createProject } from "./projects";
import { createDocument, fetchDocument, fetchDocuments } from "./documents";
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
    expect(calls.map((c) => c.url)).toEqual([
      "/private/editor/organizations/o%2F1/members",
      "/private/editor/projects/p1/documents",
      "/private/editor/documents/d1",
    ]);
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
