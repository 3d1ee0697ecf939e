/**
 * A form's own button labels (spec 2 §3: Back, Next, Submit, Pay, "defaults … translatable"):
 * a definition carries them in its theme, the editor saves them with the theme, and the page
 * the server renders and the preload the browser hydrates from both use them, in place of the
 * language's defaults; a label left empty stays the default. Hostile theme bodies are 400s
 * with a code, never a 500.
 */
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { exportForm } from "../forms/definition-export";
import { importForm } from "../forms/definition-import";
import { as, signUp, type Member } from "../test/accounts";
import { BACKENDS } from "../test/backends";
import { useTestApp } from "../test/test-app";

const definition = {
  format: "fieldwork.form", version: 1, title: "Labels", settings: { published: true },
  theme: { lang: "ko", button_labels: { next: "계속하기" } },
  fields: [{ name: "full_name", type: "text", label: "Name" }, { name: "age", type: "number", label: "Age" }],
  blocks: [
    { type: "section", children: [{ type: "field", field: "full_name" }] },
    { type: "section", children: [{ type: "field", field: "age" }] },
  ],
};

describe.each(BACKENDS)("a form's own button labels on $name", (backend) => {
  const t = useTestApp(backend, { rateLimitFactor: 0 });
  let app: FastifyInstance;
  let database: Database;
  let owner: Member;
  let form: string;

  beforeAll(async () => {
    if (!backend.available) return;
    ({ app, database } = t);
    owner = await signUp(app, "labels-owner@example.com", "correct horse battery", "10.22.5.1");
    const org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "labels" })).json().data.id;
    const project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "forms" })).json().data.id;
    form = (await importForm(database.db, project, definition)).id;
  });

  const page = async () => (await app.inject({ method: "GET", url: `/d/e/${form}` })).body;
  const preload = async () => (await app.inject({ method: "GET", url: `/v1/${form}` })).json().data;
  const patchTheme = async (theme: unknown) => {
    const revision = (await as(app, owner)("GET", `/private/editor/forms/${form}`)).json().data.revision;
    return as(app, owner)("PATCH", `/private/editor/forms/${form}/theme`, { revision, theme });
  };

  it.skipIf(!backend.available)("renders the imported Next label and the language's other defaults, on the page and in the preload", async () => {
    const html = await page();
    expect(html).toMatch(/<button[^>]*>(?:<!-- -->)?계속하기(?:<!-- -->)?(?:<svg[\s\S]*?<\/svg>)?<\/button>/);
    expect(html).not.toMatch(/>(?:<!-- -->)?다음(?:<!-- -->)?</);
    const messages = (await preload()).messages;
    expect(messages["button.next"]).toBe("계속하기");
    expect(messages["button.submit"]).toBe("제출");
    expect(html).toContain('"button.next":"계속하기"');
    expect((await exportForm(database.db, form)).theme.button_labels).toEqual({ back: null, next: "계속하기", submit: null, pay: null });
  });

  it.skipIf(!backend.available)("saves labels from the editor with the theme; clearing one brings the default back", async () => {
    const saved = await patchTheme({ button_labels: { back: "이전으로", next: null, submit: "신청하기", pay: null } });
    expect(saved.statusCode, saved.body).toBe(200);
    const doc = (await as(app, owner)("GET", `/private/editor/forms/${form}`)).json().data;
    expect(doc.theme.button_labels).toEqual({ back: "이전으로", next: null, submit: "신청하기", pay: null });
    const messages = (await preload()).messages;
    expect([messages["button.back"], messages["button.next"], messages["button.submit"]]).toEqual(["이전으로", "다음", "신청하기"]);
    // Another theme call keeps them (a patch changes only the keys it names).
    expect((await patchTheme({ palette: "ocean" })).statusCode).toBe(200);
    expect((await preload()).messages["button.submit"]).toBe("신청하기");
    // The owner's wording is text on the page, never markup.
    expect((await patchTheme({ button_labels: { submit: "<img src=x onerror=alert(1)>" } })).statusCode).toBe(200);
    const html = await page();
    expect(html).not.toContain("<img src=x onerror");
    expect((await preload()).messages["button.submit"]).toBe("<img src=x onerror=alert(1)>");
  });

  it.skipIf(!backend.available)("refuses labels past 40 characters, of the wrong shape or under an unknown button, with a code", async () => {
    for (const button_labels of [{ submit: "x".repeat(41) }, { submit: 5 }, { finish: "Done" }, "Send", [null]]) {
      const answer = await patchTheme({ button_labels });
      expect(answer.statusCode, JSON.stringify(button_labels)).toBe(400);
      expect(answer.json().error.code).toMatch(/^[A-Z_]+$/);
    }
    expect((await preload()).messages["button.submit"]).toBe("<img src=x onerror=alert(1)>");
  });
});
