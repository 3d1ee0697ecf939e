/**
 * A refused submit names every failing field with a sentence for the visitor: in the JSON
 * answer (`error.field_errors`) and, for a native post without JavaScript, on the form page
 * answered again with the visitor's answers kept (spec 1 §5). Nothing is written either way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";
import { importForm } from "../definition-import";
import { listResponses } from "../responses";
import { defaultProject } from "../../seed/seed";
import { BACKENDS, multipart } from "../../test/backends";

const definition = {
  format: "fieldwork.form", version: 1, title: "Sign-up", settings: { published: true },
  fields: [
    { name: "full_name", type: "text", label: "Full name", required: true },
    { name: "email", type: "email", label: "Email" },
    { name: "age", type: "number", label: "Age", max: 10 },
    { name: "plan", type: "radio", label: "Plan", options: [{ value: "free" }, { value: "team" }] },
    { name: "extras", type: "checkboxes", label: "Extras", options: [{ value: "stickers" }, { value: "mug" }] },
    { name: "secret", type: "password", label: "Secret" },
    { name: "agree", type: "checkbox", label: "I agree", required: true },
  ],
  blocks: ["full_name", "email", "age", "plan", "extras", "secret", "agree"].map((field) => ({ type: "field", field })),
};

const BAD = { full_name: "", email: "ada@", age: "11", plan: "gold", extras: ["mug"], secret: "hunter2" };

describe.each(BACKENDS)("refused answers on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let formId: string;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, rateLimitFactor: 0 });
    formId = (await importForm(database.db, await defaultProject(database.db), definition)).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const post = (entries: Record<string, string | string[]>, json: boolean) => {
    const body = multipart(entries);
    return app.inject({
      method: "POST", url: `/submit/${formId}`, payload: body.payload,
      headers: { ...body.headers, ...(json ? { accept: "application/json" } : { accept: "text/html" }) },
    });
  };

  it.skipIf(!backend.available)("lists every failing field with its code and a visitor's sentence in the JSON answer", async () => {
    const answer = await post(BAD, true);
    expect(answer.statusCode).toBe(400);
    const { error } = answer.json();
    // The first failure's code and every field's name, as before; then each field on its own.
    expect(error.code).toBe("REQUIRED_FIELD_MISSING");
    expect(error.fields).toEqual(["full_name", "email", "age", "plan", "agree"]);
    expect(error.field_errors).toEqual([
      { field: "full_name", code: "REQUIRED_FIELD_MISSING", message: "This field is required." },
      { field: "email", code: "INVALID_FIELD_VALUE", message: "Enter an email address." },
      { field: "age", code: "INVALID_FIELD_VALUE", message: "Must be 10 or less." },
      { field: "plan", code: "INVALID_OPTION", message: "Choose one of the options shown." },
      { field: "agree", code: "REQUIRED_FIELD_MISSING", message: "Check this box to continue." },
    ]);
    expect(await listResponses(database.db, formId)).toHaveLength(0);
  });

  it.skipIf(!backend.available)("answers a native post with the form again: answers kept, each message under its field, a summary on top", async () => {
    const answer = await post(BAD, false);
    expect(answer.statusCode).toBe(400);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    // Embedded forms are answered in their frame; the page's scripts are the form's own.
    expect(answer.headers["x-frame-options"]).toBeUndefined();
    expect(answer.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    const page = answer.body;
    // The summary at the top lists each field by its label, linked to its message.
    expect(page).toContain('data-testid="field-error-summary"');
    expect(page).toMatch(/href="#fw-age-error"[^>]*>Age<\/a>/);
    // Each message sits under its field, and the control points at it.
    const shown: [string, string][] = [
      ["full_name", "This field is required."], ["email", "Enter an email address."], ["age", "Must be 10 or less."], ["agree", "Check this box to continue."],
    ];
    for (const [name, message] of shown) {
      expect(page).toMatch(new RegExp(`id="fw-${name}-error"[^>]*>(?:<svg.*?</svg>)?${message.replace(".", "\\.")}</p>`));
    }
    expect(page).toMatch(/<input[^>]*id="fw-email"[^>]*>/);
    const email = /<input[^>]*id="fw-email"[^>]*>/.exec(page)![0];
    expect(email).toContain('aria-invalid="true"');
    expect(email).toContain('aria-describedby="fw-email-error"');
    expect(email).toContain('value="ada@"');
    expect(/<input[^>]*id="fw-age"[^>]*>/.exec(page)![0]).toContain('value="11"');
    // A chosen checkbox stays chosen; a password is never written back into the page.
    expect(/<input[^>]*value="mug"[^>]*>/.exec(page)![0]).toContain("checked");
    expect(/<input[^>]*value="stickers"[^>]*>/.exec(page)![0]).not.toContain("checked");
    expect(page).not.toContain("hunter2");
    // The browser hydrates the same refusal.
    expect(page).toContain('"submit_error":{"code":"REQUIRED_FIELD_MISSING"');
    expect(await listResponses(database.db, formId)).toHaveLength(0);
  });

  it.skipIf(!backend.available)("keeps other errors on their pages, and a fixed answer goes through", async () => {
    const strict = await importForm(database.db, await defaultProject(database.db), {
      ...definition, settings: { published: true, unknown_field_handling_strategy: "reject" },
    });
    const body = multipart({ ...BAD, nickname: "x" });
    const unknown = await app.inject({ method: "POST", url: `/submit/${strict.id}`, payload: body.payload, headers: body.headers });
    expect([unknown.statusCode, unknown.headers.location]).toEqual([303, `/d/e/${strict.id}/badrequest?error=UNKNOWN_FIELDS_NOT_ALLOWED`]);
    const fixed = await post({ full_name: "Ada", email: "ada@example.com", age: "9", plan: "team", extras: ["mug"], agree: "on" }, false);
    expect(fixed.statusCode).toBe(303);
    expect(await listResponses(database.db, formId)).toHaveLength(1);
  });
});
