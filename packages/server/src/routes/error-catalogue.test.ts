/**
 * Every load error of spec 1 §8, produced by a real request against a form the owner set up
 * through the editor API, on both backends: the JSON code and status of the load and of the
 * submit, and where the page sends a visitor (a load's 302, a native submit's 303).
 */
import { errorPagePath, PARAM, type ErrorCode } from "@fieldwork/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { inventoryWorld, type InventoryWorld } from "../inventory/inventory-test-setup";
import { BACKENDS, multipart } from "../test/backends";

type Entries = Record<string, string | string[]>;

describe.each(BACKENDS)("the error catalogue of spec 1 §8 on $name", (backend) => {
  let w: InventoryWorld;
  beforeAll(async () => {
    if (backend.available) w = await inventoryWorld(backend, `catalogue-${backend.name}`);
  });
  afterAll(async () => {
    await w?.close();
  });

  /** A published form with a text field `who` (and whatever `extra` fields), the settings calls applied. */
  async function form(settings: [string, Record<string, unknown>][] = [], extra: Record<string, unknown>[] = []): Promise<string> {
    const { form, document } = await w.newForm();
    for (const field of [{ name: "who", type: "text" }, ...extra]) {
      const added = await w.call(w.owner, "POST", `/forms/${form}/fields`, { revision: await w.revisionOf(form), field, focus_block_id: null });
      expect(added.statusCode, added.body).toBe(201);
    }
    for (const [name, body] of settings) {
      const saved = await w.call(w.owner, "POST", `/settings/${name}`, { form_id: form, revision: await w.revisionOf(form), ...body });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    expect((await w.call(w.owner, "PATCH", `/documents/${document}`, { published: true })).statusCode).toBe(200);
    return form;
  }

  const load = async (id: string, query = "") => {
    const answer = await w.app.inject({ method: "GET", url: `/v1/${id}${query}`, headers: { accept: "application/json" } });
    return answer.json().data?.error ?? answer.json().error;
  };
  const page = async (id: string, query = "") => {
    const answer = await w.app.inject({ method: "GET", url: `/d/e/${id}${query}`, headers: { accept: "text/html" } });
    return `${answer.statusCode} ${answer.headers.location}`;
  };
  const submit = async (id: string, entries: Entries, json = true) => {
    const body = multipart(entries);
    const answer = await w.app.inject({
      method: "POST", url: `/submit/${id}`, payload: body.payload,
      headers: { ...body.headers, ...(json ? { accept: "application/json" } : {}) },
    });
    return json ? `${answer.statusCode} ${answer.statusCode < 300 ? "ok" : answer.json().error.code}` : `${answer.statusCode} ${answer.headers.location}`;
  };
  /** Where spec 1 §8 sends the visitor for `code`. */
  const target = (id: string, code: ErrorCode, query?: Record<string, string>) => errorPagePath(id, code, query);

  it.skipIf(!backend.available)("MISSING_REQUIRED_HIDDEN_FIELDS: a required hidden field without its URL parameter → badrequest", async () => {
    const id = await form([], [{ name: "ref", type: "hidden", required: true }]);
    expect(await load(id)).toMatchObject({ code: "MISSING_REQUIRED_HIDDEN_FIELDS", fields: ["ref"] });
    // The page names the missing fields (spec 1 §2.2).
    expect(await page(id)).toBe(`302 /d/e/${id}/badrequest?fields=ref&error=MISSING_REQUIRED_HIDDEN_FIELDS`);
    expect(await load(id, "?ref=newsletter")).toBeNull();
    // The submit refuses it the same way, before any answer is read.
    expect(await submit(id, { who: "Ada" })).toBe("400 MISSING_REQUIRED_HIDDEN_FIELDS");
    expect(await submit(id, { who: "Ada", ref: " " }, false)).toBe(`303 /d/e/${id}/badrequest?fields=ref&error=MISSING_REQUIRED_HIDDEN_FIELDS`);
    expect(await submit(id, { who: "Ada", ref: "newsletter" })).toBe("201 ok");
  });

  it.skipIf(!backend.available)("UNKNOWN_FIELDS_NOT_ALLOWED: a name the form does not define, on a form that rejects them → badrequest", async () => {
    const id = await form([["unknown-fields", { strategy: "reject" }]]);
    expect(await submit(id, { who: "Ada", nickname: "x" })).toBe("400 UNKNOWN_FIELDS_NOT_ALLOWED");
    expect(await submit(id, { who: "Ada", nickname: "x" }, false)).toBe(`303 /d/e/${id}/badrequest?error=UNKNOWN_FIELDS_NOT_ALLOWED`);
    expect(await submit(id, { who: "Ada" })).toBe("201 ok");
  });

  it.skipIf(!backend.available)("FORM_FORCE_CLOSED on load and FORM_CLOSED_WHILE_RESPONDING on submit → formclosed?oops=FORM_CLOSED_WHILE_RESPONDING", async () => {
    const id = await form([["force-close-form", { is_force_closed: true }]]);
    expect(await load(id)).toMatchObject({ code: "FORM_FORCE_CLOSED" });
    expect(await page(id)).toBe(`302 /d/e/${id}/formclosed?oops=FORM_CLOSED_WHILE_RESPONDING`);
    expect(await submit(id, { who: "Ada" })).toBe("403 FORM_CLOSED_WHILE_RESPONDING");
    expect(await submit(id, { who: "Ada" }, false)).toBe(`303 ${target(id, "FORM_CLOSED_WHILE_RESPONDING")}`);
    expect(target(id, "FORM_CLOSED_WHILE_RESPONDING")).toBe(`/d/e/${id}/formclosed?oops=FORM_CLOSED_WHILE_RESPONDING`);
  });

  it.skipIf(!backend.available)("FORM_RESPONSE_LIMIT_REACHED: the total limit met → formclosed?oops=FORM_CLOSED_WHILE_RESPONDING", async () => {
    const id = await form([["max-responses-in-total", { max_form_responses_in_total: 1 }]]);
    expect(await submit(id, { who: "first" })).toBe("201 ok");
    expect(await load(id)).toMatchObject({ code: "FORM_RESPONSE_LIMIT_REACHED" });
    expect(await page(id)).toBe(`302 /d/e/${id}/formclosed?oops=FORM_CLOSED_WHILE_RESPONDING`);
    expect(await submit(id, { who: "second" })).toBe("403 FORM_RESPONSE_LIMIT_REACHED");
    expect(await submit(id, { who: "second" }, false)).toBe(`303 /d/e/${id}/formclosed?oops=FORM_CLOSED_WHILE_RESPONDING`);
  });

  it.skipIf(!backend.available)("FORM_SCHEDULE_NOT_IN_RANGE: closed by its schedule → formclosed?oops=FORM_SCHEDULE_NOT_IN_RANGE", async () => {
    const id = await form([["form-schedule", { enabled: true, open_at: null, close_at: "2020-01-01T00:00:00Z", tz: "Europe/Paris" }]]);
    expect(await load(id)).toMatchObject({ code: "FORM_SCHEDULE_NOT_IN_RANGE" });
    expect(await page(id)).toBe(`302 /d/e/${id}/formclosed?oops=FORM_SCHEDULE_NOT_IN_RANGE`);
    expect(await submit(id, { who: "Ada" })).toBe("403 FORM_SCHEDULE_NOT_IN_RANGE");
    expect(await submit(id, { who: "Ada" }, false)).toBe(`303 /d/e/${id}/formclosed?oops=FORM_SCHEDULE_NOT_IN_RANGE`);
  });

  it.skipIf(!backend.available)("FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED: a returning visitor → alreadyresponded with fingerprint and customer", async () => {
    const id = await form([["max-responses-by-customer", { max_form_responses_by_customer: 1 }]]);
    const visitor = { [PARAM.visitor_id]: "visitor-catalogue" };
    expect(await submit(id, { who: "once", ...visitor })).toBe("201 ok");
    const error = await load(id, `?${PARAM.visitor_id}=visitor-catalogue`);
    expect(error).toMatchObject({ code: "FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED", page_query: { fingerprint: "visitor-catalogue", customer_id: expect.any(String) } });
    // The page knows no fingerprint (the browser computes it after loading) but a customer_id parameter.
    const named = `?customer_id=${error.page_query.customer_id}`;
    const byCustomer = await load(id, named);
    expect(byCustomer).toMatchObject({ code: "FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED", page_query: { customer_id: error.page_query.customer_id } });
    expect(await page(id, named)).toBe(`302 ${target(id, "FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED", byCustomer.page_query)}`);
    expect(await submit(id, { who: "twice", ...visitor })).toBe("403 FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED");
    expect(await submit(id, { who: "twice", ...visitor }, false)).toMatch(new RegExp(`^303 /d/e/${id}/alreadyresponded\\?fingerprint=visitor-catalogue&customer_id=`));
  });

  /** A published form whose required `ticket` radio is tracked, stock set per option through the editor API. */
  async function ticketForm(stock: number[]) {
    const { form, document } = await w.newForm();
    const field = await w.addChoice(form, "ticket", ["early", "late"], { required: true });
    await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: "Box office" });
    expect((await w.call(w.owner, "PUT", `/forms/${form}/fields/${field}/inventory`, { tracked: true })).statusCode).toBe(200);
    const options = await w.optionsOf(form, field);
    for (const [i, available] of stock.entries()) {
      expect((await w.call(w.owner, "PATCH", `/forms/${form}/inventory/${options[i]!.id}`, { available })).statusCode).toBe(200);
    }
    expect((await w.call(w.owner, "PATCH", `/documents/${document}`, { published: true })).statusCode).toBe(200);
    return form;
  }

  it.skipIf(!backend.available)("FORM_SOLD_OUT: a required tracked field with nothing left → formsoldout", async () => {
    const id = await ticketForm([0, 0]);
    expect(await load(id)).toMatchObject({ code: "FORM_SOLD_OUT", fields: ["ticket"] });
    expect(await page(id)).toBe(`302 /d/e/${id}/formsoldout`);
    expect(await submit(id, { ticket: "late" })).toBe("409 FORM_SOLD_OUT");
    expect(await submit(id, { ticket: "late" }, false)).toBe(`303 /d/e/${id}/formsoldout`);
  });

  it.skipIf(!backend.available)("FORM_OPTION_UNAVAILABLE: the chosen option ran out while others remain → formoptionsoldout", async () => {
    const id = await ticketForm([0, 3]);
    expect(await load(id)).toBeNull();
    expect(await submit(id, { ticket: "early" })).toBe("409 FORM_OPTION_UNAVAILABLE");
    expect(await submit(id, { ticket: "early" }, false)).toBe(`303 /d/e/${id}/formoptionsoldout`);
    expect(await submit(id, { ticket: "late" })).toBe("201 ok");
  });

  it.skipIf(!backend.available)("INTERNAL_SERVER_ERROR: the database is gone → 500 without its message, and developererror", async () => {
    const broken = await backend.open();
    const app = await buildApp({ db: broken.db, rateLimitFactor: 0 });
    try {
      await broken.close();
      const id = crypto.randomUUID();
      const answer = await app.inject({ method: "GET", url: `/v1/${id}`, headers: { accept: "application/json" } });
      expect(answer.statusCode).toBe(500);
      expect(answer.json().error.code).toBe("INTERNAL_SERVER_ERROR");
      expect(answer.json().error.message).toMatch(/^Something went wrong on our side \(request [^)]+\)\.$/);
      const shown = await app.inject({ method: "GET", url: `/d/e/${id}`, headers: { accept: "text/html" } });
      expect([shown.statusCode, shown.headers.location]).toEqual([303, `/d/e/${id}/developererror`]);
      const body = multipart({ who: "Ada" });
      const submitted = await app.inject({ method: "POST", url: `/submit/${id}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } });
      expect([submitted.statusCode, submitted.json().error.code]).toEqual([500, "INTERNAL_SERVER_ERROR"]);
    } finally {
      await app.close();
    }
  });
});
