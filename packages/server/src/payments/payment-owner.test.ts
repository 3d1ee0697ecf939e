/**
 * The owner's side of a paid row on both backends, against the Stripe stand-in: the record
 * panel lists the row's charge; an editor refunds it once (a second click and a replay
 * answer 409 PAYMENT_ALREADY_REFUNDED, the stand-in records one refund); viewers read but
 * cannot refund; each payment keeps its receipt's data (email, lines, total); the row's payment cell reads `refunded` with the amount given back; members of another project get 404; hostile ids get catalogue 4xx.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { BACKENDS } from "../test/backends";
import { as, signUp, type Member } from "../test/accounts";
import { inventoryWorld, type Caller, type InventoryWorld } from "../inventory/inventory-test-setup";
import { importForm } from "../forms/definition-import";
import { StripeClient } from "./stripe-client";
import { startStripeStandin, type StripeStandin } from "./stripe-standin";

const VISA = { number: "4242 4242 4242 4242", exp: "04 / 30", cvc: "123", country: "US", zip: "94103" };

describe.each(BACKENDS)("the owner's payments of a row on $name", (backend) => {
  let w: InventoryWorld;
  let app: FastifyInstance;
  let standin: StripeStandin;
  // Project API keys (the payments app signs sessions with its own secret; keys hold on both apps).
  let viewer: Caller;
  let editor: Caller;
  let owner: Caller;
  let stranger: Member;

  beforeAll(async () => {
    if (!backend.available) return;
    standin = await startStripeStandin();
    w = await inventoryWorld(backend, `payowner-${backend.name}`);
    const stripe = await StripeClient.open({ secret_key: standin.secret_key, publishable_key: "pk_test_standin", webhook_secret: standin.webhook_secret, api_base: standin.base });
    app = await buildApp({ db: w.database.db, rateLimitFactor: 0, payments: { stripe: stripe.settings } });
    const key = async (role: string) => ({ bearer: (await w.call(w.owner, "POST", `/projects/${w.project}/api-keys`, { name: `payowner-${role}`, role })).json().data.token as string });
    [viewer, editor, owner] = [await key("viewer"), await key("editor"), await key("owner")];
    stranger = await signUp(app, `payowner-stranger-${backend.name}@example.com`, "correct horse battery", "10.44.0.1");
    await as(app, stranger)("POST", "/private/editor/organizations", { name: `payowner-other-${backend.name}` });
  });
  afterAll(async () => {
    await app?.close();
    await w?.close();
    await standin?.close();
  });

  const call = (who: Caller, method: "GET" | "POST", path: string) => as(app, who)(method, `/private/editor${path}`);

  /** The row's payment cell as the grid reads it (the Data API's rows). */
  async function payCell(form: string, row: string): Promise<unknown> {
    const rows = (await w.call(w.owner, "GET", `/forms/${form}/responses?limit=10`)).json().data as { id: string; pay: unknown }[];
    return rows.find((r) => r.id === row)?.pay;
  }

  /** A published form with a priced radio and a payment field, and one paid row. */
  async function paidRow() {
    const { form, document } = await w.newForm();
    const created = await w.call(w.owner, "POST", `/forms/${form}/fields`, {
      revision: await w.revisionOf(form),
      field: { name: "ticket", type: "radio", required: true, options: [{ value: "early", label: "Early", price: 1000 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    await w.call(w.owner, "POST", `/forms/${form}/fields`, {
      revision: await w.revisionOf(form), field: { name: "pay", type: "payment", data: { service_provider: "stripe", currency: "usd" } },
    });
    await w.call(w.owner, "PATCH", `/documents/${document}`, { published: true });
    const sid = (await app.inject({ method: "GET", url: `/v1/${form}/session` })).json().data.id as string;
    const started = await app.inject({ method: "POST", url: `/v1/${form}/payment`, payload: { answers: { ticket: ["early"], __fw_session: [sid] } } });
    const intent = started.json().data.payment_intent as string;
    const confirmed = await app.inject({
      method: "POST", url: `/v1/${form}/payment/confirm`, headers: { accept: "application/json" },
      payload: { session_id: sid, payment_intent: intent, card: VISA },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    return { form, row: confirmed.json().data.id as string, intent };
  }

  it.skipIf(!backend.available)("lists the row's charge, refunds it once, and lists the refund with its status", async () => {
    const { form, row, intent } = await paidRow();
    const listed = await call(viewer, "GET", `/forms/${form}/responses/${row}/payments`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toMatchObject({
      refundable: true,
      payments: [{ provider: "stripe", provider_id: intent, amount: 1000, currency: "usd", status: "completed" }],
      movements: [{ kind: "charge", provider: "stripe", provider_id: intent, amount: 1000, currency: "usd", status: "succeeded" }],
    });
    expect(Date.parse(listed.json().data.movements[0].created_at)).toBeGreaterThan(0);
    expect(await payCell(form, row)).toEqual({ provider: "stripe", provider_id: intent, amount: 1000, currency: "usd", status: "succeeded" });
    // What the receipt says: the option bought, its price, the total (no email field here).
    expect(listed.json().data.payments[0].receipt).toEqual({
      email: null, currency: "usd", total: 1000,
      lines: [{ field: "ticket", option: "early", label: "Early", product: null, quantity: 1, unit_price: 1000, amount: 1000 }],
    });

    // A viewer reads but does not refund.
    const refused = await call(viewer, "POST", `/forms/${form}/responses/${row}/refund`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("FORBIDDEN");

    // Two clicks at once and a replay: one refund at the provider.
    const [a, b] = await Promise.all([
      call(editor, "POST", `/forms/${form}/responses/${row}/refund`), call(owner, "POST", `/forms/${form}/responses/${row}/refund`),
    ]);
    const replay = await call(editor, "POST", `/forms/${form}/responses/${row}/refund`);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.code).toBe("PAYMENT_ALREADY_REFUNDED");
    expect(standin.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);

    const after = (await call(viewer, "GET", `/forms/${form}/responses/${row}/payments`)).json().data;
    expect(after.refundable).toBe(false);
    expect(after.payments[0].status).toBe("refunded");
    expect(after.movements.map((m: { kind: string; status: string; amount: number }) => [m.kind, m.status, m.amount]))
      .toEqual([["charge", "succeeded", 1000], ["refund", "succeeded", 1000]]);
    // The answer stays: a refund gives the money back, not the row; its payment cell reads refunded.
    expect(await payCell(form, row)).toEqual({ provider: "stripe", provider_id: intent, amount: 1000, currency: "usd", status: "refunded", amount_refunded: 1000 });
  });

  it.skipIf(!backend.available)("keeps a receipt's data with the payment: the buyer's email, the store's product names, quantities, unit prices, the total", async () => {
    const { id: form } = await importForm(w.database.db, w.project, {
      format: "fieldwork.form", version: 1, title: "Festival", settings: { published: true },
      fields: [
        { name: "pass", type: "checkboxes", label: "Passes", required: true, options: [{ value: "sat", label: "Saturday" }, { value: "sun", label: "Sunday" }, { value: "camp", label: "Camping", price: 500 }] },
        { name: "email", type: "email", label: "Email" },
        { name: "pay", type: "payment", data: { service_provider: "stripe", currency: "usd" } },
      ],
      blocks: [{ type: "section", children: [{ type: "field", field: "pass" }, { type: "field", field: "email" }] }, { type: "section", contains_payment: true, children: [{ type: "field", field: "pay" }] }],
      inventory: {
        store: { name: "Gate", currency: "USD" },
        items: [
          { field: "pass", option: "sat", sku: "PASS-SAT", available: 5, on_hand: 5, product: { name: "Day pass", option: "Day", value: "Saturday", unit_price: 4000 } },
          { field: "pass", option: "sun", sku: "PASS-SUN", available: 5, on_hand: 5, product: { name: "Day pass", option: "Day", value: "Sunday", unit_price: 3550 } },
        ],
      },
    });
    const sid = (await app.inject({ method: "GET", url: `/v1/${form}/session` })).json().data.id as string;
    const started = await app.inject({ method: "POST", url: `/v1/${form}/payment`, payload: { answers: { pass: ["sat", "sun", "camp"], email: ["fan@example.com"], __fw_session: [sid] } } });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.amount).toBe(8050);
    const confirmed = await app.inject({
      method: "POST", url: `/v1/${form}/payment/confirm`, headers: { accept: "application/json" },
      payload: { session_id: sid, payment_intent: started.json().data.payment_intent, card: VISA },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const [payment] = (await call(viewer, "GET", `/forms/${form}/responses/${confirmed.json().data.id}/payments`)).json().data.payments;
    expect(payment).toMatchObject({ amount: 8050, currency: "usd", status: "completed" });
    expect(payment.receipt).toEqual({
      email: "fan@example.com", currency: "usd", total: 8050,
      lines: [
        { field: "pass", option: "sat", label: "Saturday", product: { name: "Day pass", option: "Day", value: "Saturday", sku: "PASS-SAT" }, quantity: 1, unit_price: 4000, amount: 4000 },
        { field: "pass", option: "sun", label: "Sunday", product: { name: "Day pass", option: "Day", value: "Sunday", sku: "PASS-SUN" }, quantity: 1, unit_price: 3550, amount: 3550 },
        { field: "pass", option: "camp", label: "Camping", product: null, quantity: 1, unit_price: 500, amount: 500 },
      ],
    });
    // Stored with the payment (what the receipt email will read), not computed on read.
    const row = await w.database.db.selectFrom("payment").select("receipt").where("id", "=", payment.id).executeTakeFirstOrThrow();
    expect(row.receipt).toEqual(payment.receipt);
  });

  it.skipIf(!backend.available)("answers 404 to another project's member and for a row of another form, 4xx with a code for hostile ids", async () => {
    const { form, row } = await paidRow();
    for (const [method, path] of [["GET", "payments"], ["POST", "refund"]] as const) {
      const other = await call(stranger, method, `/forms/${form}/responses/${row}/${path}`);
      expect(other.statusCode).toBe(404);
      expect(other.json().error.code).toBe("NOT_FOUND");
    }
    // The row of one form named under another: nothing paid there.
    const { form: second } = await paidRow();
    expect((await call(owner, "GET", `/forms/${second}/responses/${row}/payments`)).json().data).toMatchObject({ payments: [], movements: [], refundable: false });
    const misplaced = await call(owner, "POST", `/forms/${second}/responses/${row}/refund`);
    expect(misplaced.statusCode).toBe(404);
    expect(misplaced.json().error.code).toBe("PAYMENT_NOT_FOUND");

    const hostile = ["not-a-uuid", "'; drop table payment; --", "00000000-0000-0000-0000-000000000000x", "%00", "a".repeat(5000)];
    for (const id of hostile) {
      for (const [method, path] of [["GET", `/forms/${form}/responses/${encodeURIComponent(id)}/payments`], ["POST", `/forms/${encodeURIComponent(id)}/responses/${row}/refund`], ["POST", `/forms/${form}/responses/${encodeURIComponent(id)}/refund`]] as const) {
        const response = await call(owner, method, path);
        expect(response.statusCode, `${method} ${path.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(typeof response.json().error.code).toBe("string");
      }
    }
    expect(standin.refunds).toHaveLength(1); // only the first test's
  });
});
