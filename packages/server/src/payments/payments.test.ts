/**
 * Pay against the Stripe stand-in on both backends (docs/payments.md): a paid answer is one
 * row with its payment and its unit; a declined card stores nothing and answers the
 * provider's message; a retried Pay charges once; a webhook must be signed; the browser names
 * no amount, currency or product, nor another session's intent; a rush sells exactly the
 * units there are, charging each buyer at most once; a refused answer is refunded; the sweep
 * gives expired holds back. No real provider is contacted.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { BACKENDS } from "../test/backends";
import { inventoryWorld, type InventoryWorld } from "../inventory/inventory-test-setup";
import type { PaymentContext } from "./payment-complete";
import { sweepPayments } from "./payment-events";
import { refundPayment } from "./payment-complete";
import { submitResponse } from "../forms/submit/submit";
import { StripeClient } from "./stripe-client";
import { startStripeStandin, type StripeStandin } from "./stripe-standin";

const VISA = { number: "4242 4242 4242 4242", exp: "04 / 30", cvc: "123", country: "US", zip: "94103" };
const DECLINED = { ...VISA, number: "4000 0000 0000 0002" };

describe.each(BACKENDS)("payments on $name", (backend) => {
  let w: InventoryWorld;
  let app: FastifyInstance;
  let standin: StripeStandin;
  let stripe: StripeClient;

  beforeAll(async () => {
    if (!backend.available) return;
    standin = await startStripeStandin();
    w = await inventoryWorld(backend, `pay-${backend.name}`);
    stripe = await StripeClient.open({ secret_key: standin.secret_key, publishable_key: "pk_test_standin", webhook_secret: standin.webhook_secret, api_base: standin.base });
    app = await buildApp({ db: w.database.db, rateLimitFactor: 0, payments: { stripe: stripe.settings } });
  });
  afterAll(async () => {
    await app?.close();
    await w?.close();
    await standin?.close();
  });

  /** A published ticket form: options early (1000 cents, tracked with `units`) and late (2500), a payment field. */
  async function ticketForm(units = 10, extra: Record<string, unknown> = {}) {
    const { form, document } = await w.newForm();
    const response = await w.call(w.owner, "POST", `/forms/${form}/fields`, {
      revision: await w.revisionOf(form),
      field: { name: "ticket", type: "radio", required: true, options: [{ value: "early", label: "Early", price: 1000 }, { value: "late", label: "Late", price: 2500 }] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const field = response.json().data.field_id as string;
    const pay = await w.call(w.owner, "POST", `/forms/${form}/fields`, {
      revision: await w.revisionOf(form), field: { name: "pay", type: "payment", data: { service_provider: "stripe", currency: "usd", ...extra } },
    });
    expect(pay.statusCode, pay.body).toBe(201);
    await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: "Tickets" });
    await w.call(w.owner, "PUT", `/forms/${form}/fields/${field}/inventory`, { tracked: true });
    const options = await w.optionsOf(form, field);
    await w.call(w.owner, "PATCH", `/forms/${form}/inventory/${options[0]!.id}`, { available: units });
    await w.call(w.owner, "PATCH", `/documents/${document}`, { published: true });
    return { form, field, early: options[0]!.id };
  }

  const session = async (form: string) => (await app.inject({ method: "GET", url: `/v1/${form}/session` })).json().data.id as string;
  const start = (form: string, answers: Record<string, string[]>) =>
    app.inject({ method: "POST", url: `/v1/${form}/payment`, payload: { answers } });
  const confirm = (form: string, body: Record<string, unknown>) =>
    app.inject({ method: "POST", url: `/v1/${form}/payment/confirm`, payload: body, headers: { accept: "application/json" } });
  const level = async (form: string) => (await w.call(w.owner, "GET", `/forms/${form}/inventory`)).json().data.fields[0].options[0];
  const rows = async (form: string) => (await w.call(w.owner, "GET", `/forms/${form}/responses?limit=100`)).json();
  const payments = (form: string) => w.database.db.selectFrom("payment").selectAll().where("form_id", "=", form).execute();
  const chargesOf = (intents: string[]) => standin.charges.filter((c) => intents.includes(c.payment_intent));

  async function pay(form: string, card = VISA, choice = "early") {
    const sid = await session(form);
    const started = await start(form, { ticket: [choice], __fw_session: [sid] });
    expect(started.statusCode, started.body).toBe(200);
    const intent = started.json().data.payment_intent as string;
    return { sid, started: started.json().data, intent, confirmed: await confirm(form, { session_id: sid, payment_intent: intent, card }) };
  }

  it.skipIf(!backend.available)("stores one row with its payment, commits its unit and records the charge", async () => {
    const { form } = await ticketForm(5);
    const { started, intent, confirmed } = await pay(form);
    expect(started).toMatchObject({ amount: 1000, currency: "usd", provider: "stripe", card_form: "server" });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const row = confirmed.json().data;
    expect(row.redirect).toContain(form);

    expect(chargesOf([intent])).toHaveLength(1);
    const [payment] = await payments(form);
    expect(payment).toMatchObject({ status: "completed", response_id: row.id, amount: 1000, currency: "usd", provider_id: intent });
    const movements = await w.database.db.selectFrom("payment_movement").selectAll().where("payment_id", "=", payment!.id).execute();
    expect(movements).toEqual([expect.objectContaining({ kind: "charge", response_id: row.id, amount: 1000, currency: "usd", status: "succeeded" })]);
    expect(await level(form)).toMatchObject({ available: 4, committed: 1 });
    const stored = await w.database.db.selectFrom("inventory_level_commit").select(["reason", "diff", "response_id"]).orderBy("id").execute();
    expect(stored.filter((c) => c.response_id === row.id)).toEqual([{ reason: "order", diff: 0, response_id: row.id }]);
  });

  it.skipIf(!backend.available)("a declined card stores nothing, answers the provider's message and gives the unit back", async () => {
    const { form } = await ticketForm(3);
    const { intent, confirmed } = await pay(form, DECLINED);
    expect(confirmed.statusCode).toBe(402);
    expect(confirmed.json().error).toMatchObject({ code: "PAYMENT_DECLINED", message: "Your card was declined." });
    expect(chargesOf([intent])).toHaveLength(0);
    expect((await payments(form))[0]).toMatchObject({ status: "failed", message: "Your card was declined.", response_id: null });
    expect(await level(form)).toMatchObject({ available: 3, committed: 0 });
  });

  it.skipIf(!backend.available)("a retried Pay and a retried confirm charge once and store one row", async () => {
    const { form } = await ticketForm(5);
    const sid = await session(form);
    const answers = { ticket: ["late"], __fw_session: [sid] };
    const [a, b] = await Promise.all([start(form, answers), start(form, answers)]);
    // The same answers in another order are the same Pay.
    const c = await start(form, { __fw_session: [sid], ticket: ["late"] });
    const intents = new Set([a, b, c].map((r) => r.json().data.payment_intent as string));
    expect(intents.size).toBe(1);
    const [intent] = [...intents] as [string];
    const body = { session_id: sid, payment_intent: intent, card: VISA };
    const [first, second] = await Promise.all([confirm(form, body), confirm(form, body)]);
    const third = await confirm(form, body);
    expect([first, second, third].map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set([first, second, third].map((r) => r.json().data.id)).size).toBe(1);
    expect(chargesOf([intent])).toHaveLength(1);
    expect(chargesOf([intent])[0]!.amount).toBe(2500);
    expect(await payments(form)).toHaveLength(1);
  });

  it.skipIf(!backend.available)("refuses a webhook whose signature does not hold, and completes a paid answer from a signed one", async () => {
    const { form } = await ticketForm(5);
    const sid = await session(form);
    const intent = (await start(form, { ticket: ["early"], __fw_session: [sid] })).json().data.payment_intent as string;
    // The buyer pays and closes the tab: our server never hears from the browser.
    await stripe.confirmWithCard(intent, { number: "4242424242424242", exp_month: 4, exp_year: 2030, cvc: "123", country: "US", zip: "1" }, "k1");
    const forged = standin.signedEvent("payment_intent.succeeded", standin.intents.get(intent)!, "whsec_wrong");
    for (const signature of [forged.signature, "t=1,v1=00", undefined]) {
      const refused = await app.inject({
        method: "POST", url: "/webhooks/stripe", payload: forged.payload,
        headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe("WEBHOOK_SIGNATURE_INVALID");
    }
    expect((await payments(form))[0]!.status).toBe("pending");

    const event = standin.signedEvent("payment_intent.succeeded", standin.intents.get(intent)!);
    const send = () => app.inject({ method: "POST", url: "/webhooks/stripe", payload: event.payload, headers: { "content-type": "application/json", "stripe-signature": event.signature } });
    const delivered = await send();
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().outcome).toBe("completed");
    expect((await send()).json().outcome).toBe("ignored");
    expect((await payments(form))[0]).toMatchObject({ status: "completed" });
    expect((await rows(form)).data.rows ?? (await rows(form)).data).toHaveLength(1);
  });

  it.skipIf(!backend.available)("never takes an amount, a currency, a product or another session's intent from the browser", async () => {
    const { form } = await ticketForm(5);
    const sid = await session(form);
    // A bare submit of answers that cost something is refused.
    const bare = await app.inject({ method: "POST", url: `/submit/${form}`, payload: "ticket=early", headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" } });
    expect(bare.statusCode).toBe(402);
    expect(bare.json().error.code).toBe("PAYMENT_REQUIRED");
    const native = await app.inject({ method: "POST", url: `/submit/${form}`, payload: "ticket=early", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(native.statusCode).toBe(303);
    expect(native.headers.location).toMatch(/badrequest.*PAYMENT_REQUIRED/);
    // An amount or currency in the body is not part of the call.
    for (const payload of [{ answers: { ticket: ["early"], __fw_session: [sid] }, amount: 1 }, { answers: {}, currency: "jpy" }, { answers: { ticket: "early" } }]) {
      const refused = await app.inject({ method: "POST", url: `/v1/${form}/payment`, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Posted as answers, an amount or a payment value changes nothing: the price is the option's.
    const priced = await start(form, { ticket: ["early"], pay: ['{"amount":1,"currency":"jpy"}'], amount: ["1"], __fw_session: [sid] });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data).toMatchObject({ amount: 1000, currency: "usd" });
    // A product the form does not have.
    const other = await session(form);
    const unknown = await start(form, { ticket: ["vip"], __fw_session: [other] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe("INVALID_OPTION");
    // Another session's intent.
    const mine = priced.json().data.payment_intent as string;
    const replayed = await confirm(form, { session_id: other, payment_intent: mine, card: VISA });
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json().error.code).toBe("PAYMENT_SESSION_MISMATCH");
    const complete = await app.inject({ method: "POST", url: `/v1/${form}/payment/complete`, payload: { session_id: other, payment_intent: mine } });
    expect(complete.json().error.code).toBe("PAYMENT_SESSION_MISMATCH");
    expect(chargesOf([mine])).toHaveLength(0);
    // Malformed cards and ids.
    for (const card of [{ ...VISA, number: "4242 4242 4242 4242 4242" }, { ...VISA, exp: "13 / 30" }, { ...VISA, cvc: "12a" }, { ...VISA, amount: 1 }]) {
      const bad = await confirm(form, { session_id: sid, payment_intent: mine, card });
      expect(bad.statusCode, JSON.stringify(card)).toBe(400);
    }
    const nowhere = await confirm(form, { session_id: sid, payment_intent: "pi_nope", card: VISA });
    expect(nowhere.statusCode).toBe(404);
    const noSession = await start(form, { ticket: ["early"] });
    expect(noSession.json().error.code).toBe("SESSION_NOT_FOUND");
  });

  it.skipIf(!backend.available)("a rush of 12 buyers for 4 units sells exactly 4, charging nobody twice", async () => {
    const { form } = await ticketForm(4);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => session(form)));
    const started = await Promise.all(buyers.map((sid) => start(form, { ticket: ["early"], __fw_session: [sid] })));
    const held = started.flatMap((r, i) => (r.statusCode === 200 ? [{ sid: buyers[i]!, intent: r.json().data.payment_intent as string }] : []));
    expect(held).toHaveLength(4);
    // "late" still has units: the chosen option is what ran out.
    for (const refused of started.filter((r) => r.statusCode !== 200)) expect(refused.json().error.code).toBe("FORM_OPTION_UNAVAILABLE");
    const confirmed = await Promise.all(held.map(({ sid, intent }) => confirm(form, { session_id: sid, payment_intent: intent, card: VISA })));
    expect(confirmed.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(chargesOf(held.map((h) => h.intent))).toHaveLength(4);
    expect(new Set(standin.charges.map((c) => c.payment_intent)).size).toBe(standin.charges.length);
    expect(await level(form)).toMatchObject({ available: 0, committed: 4 });
  });

  it.skipIf(!backend.available)("refunds a paid answer the form no longer takes, and the sweep gives expired holds back", async () => {
    const { form, early } = await ticketForm(5);
    const sid = await session(form);
    const intent = (await start(form, { ticket: ["early"], __fw_session: [sid] })).json().data.payment_intent as string;
    await w.database.db.updateTable("form").set({ is_force_closed: true }).where("id", "=", form).execute();
    const closed = await confirm(form, { session_id: sid, payment_intent: intent, card: VISA });
    expect(closed.statusCode).toBe(403);
    expect(chargesOf([intent])).toHaveLength(1);
    expect(standin.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    expect((await payments(form))[0]).toMatchObject({ status: "refunded", response_id: null });
    expect(await level(form)).toMatchObject({ available: 5, committed: 0 });
    await w.database.db.updateTable("form").set({ is_force_closed: false }).where("id", "=", form).execute();

    const late = await session(form);
    expect((await start(form, { ticket: ["early"], __fw_session: [late] })).statusCode).toBe(200);
    expect(await level(form)).toMatchObject({ available: 4 });
    const ctx: PaymentContext = { db: w.database.db, stripe, log: app.log };
    const swept = await sweepPayments(ctx, new Date(Date.now() + 31 * 60_000));
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await level(form)).toMatchObject({ available: 5, committed: 0 });
    const history = await w.database.db.selectFrom("inventory_level_commit as c").innerJoin("inventory_level as l", "l.id", "c.inventory_level_id")
      .innerJoin("inventory_item as i", "i.id", "l.inventory_item_id").select(["c.reason", "c.diff"]).where("i.form_field_option_id", "=", early).orderBy("c.id").execute();
    expect(history.map((c) => `${c.reason}${c.diff}`).slice(-4)).toEqual(["reserve-1", "release1", "reserve-1", "release1"]);
  });

  it.skipIf(!backend.available)("the sweep completes a paid answer whose row was not stored, from the answers the payment kept", async () => {
    const { form } = await ticketForm(5);
    const sid = await session(form);
    const intent = (await start(form, { ticket: ["late"], __fw_session: [sid] })).json().data.payment_intent as string;
    await stripe.confirmWithCard(intent, { number: "4242424242424242", exp_month: 4, exp_year: 2030, cvc: "123", country: "US", zip: "1" }, "k2");
    // As if the server stopped between the provider's word and the row: paid, no row.
    await w.database.db.updateTable("payment").set({ status: "paid", updated_at: new Date(Date.now() - 5 * 60_000) }).where("provider_id", "=", intent).execute();
    const swept = await sweepPayments({ db: w.database.db, stripe, log: app.log });
    expect(swept.completed).toBeGreaterThanOrEqual(1);
    const [payment] = await payments(form);
    expect(payment).toMatchObject({ status: "completed" });
    expect(payment!.response_id).not.toBeNull();
    expect(chargesOf([intent])).toHaveLength(1);
    expect(await level(form)).toMatchObject({ committed: 0 });
  });

  it.skipIf(!backend.available)("answers catalogue codes, never a 500, for forms without a payment, a server without keys, and odd webhook bodies", async () => {
    const { form } = await w.newForm();
    await w.addChoice(form, "plain", ["a"]);
    const setup = await app.inject({ method: "GET", url: `/v1/${form}/payment` });
    expect(setup.statusCode).toBe(404);
    const { form: paid } = await ticketForm(1);
    expect((await app.inject({ method: "GET", url: `/v1/${paid}/payment` })).json().data).toEqual({ provider: "stripe", card_form: "server", publishable_key: "pk_test_standin" });
    const keyless = await buildApp({ db: w.database.db, rateLimitFactor: 0 });
    try {
      const sid = (await keyless.inject({ method: "GET", url: `/v1/${paid}/session` })).json().data.id as string;
      const refused = await keyless.inject({ method: "POST", url: `/v1/${paid}/payment`, payload: { answers: { ticket: ["early"], __fw_session: [sid] } } });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.code).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
      expect(await level(paid)).toMatchObject({ available: 1 });
      expect((await keyless.inject({ method: "POST", url: "/webhooks/stripe", payload: "{}" })).statusCode).toBe(503);
    } finally {
      await keyless.close();
    }
    for (const payload of ["not json", "", "\u0000", "{\"type\": 1}"]) {
      const odd = await app.inject({ method: "POST", url: "/webhooks/stripe", payload, headers: { "content-type": "text/plain", "stripe-signature": "t=1,v1=ab" } });
      expect(odd.statusCode, payload).toBe(400);
    }
    const huge = await app.inject({ method: "POST", url: "/webhooks/stripe", payload: "x".repeat(600 * 1024), headers: { "content-type": "application/json" } });
    expect(huge.statusCode).toBe(413);
  });

  it.skipIf(!backend.available)("completes an intent Elements confirmed in the browser, and refuses one not confirmed yet", async () => {
    const { form } = await ticketForm(5);
    const sid = await session(form);
    const intent = (await start(form, { ticket: ["early"], __fw_session: [sid] })).json().data.payment_intent as string;
    const complete = () => app.inject({ method: "POST", url: `/v1/${form}/payment/complete`, payload: { session_id: sid, payment_intent: intent } });
    const early = await complete();
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe("PAYMENT_NOT_CONFIRMED");
    expect(await level(form)).toMatchObject({ available: 4 });
    // What stripe-js's confirmCardPayment does, straight at the provider.
    await stripe.confirmWithCard(intent, { number: "4242424242424242", exp_month: 4, exp_year: 2030, cvc: "123", country: "US", zip: "1" }, "k3");
    const done = await complete();
    expect(done.statusCode, done.body).toBe(201);
    expect((await complete()).statusCode).toBe(200);
    expect((await payments(form))[0]).toMatchObject({ status: "completed", response_id: done.json().data.id });
    expect(await level(form)).toMatchObject({ available: 4, committed: 1 });
  });

  it.skipIf(!backend.available)("stores no row for a payment refunded meanwhile, and the sweep finishes a refund the provider missed", async () => {
    const { form } = await ticketForm(5);
    const sid = await session(form);
    const intent = (await start(form, { ticket: ["early"], __fw_session: [sid] })).json().data.payment_intent as string;
    await stripe.confirmWithCard(intent, { number: "4242424242424242", exp_month: 4, exp_year: 2030, cvc: "123", country: "US", zip: "1" }, "k4");
    const [payment] = await payments(form);
    // The refund's release comes first, and the provider cannot be reached: refunded here, not yet there.
    const offline = await StripeClient.open({ ...stripe.settings, secret_key: "sk_test_revoked" });
    await expect(refundPayment({ db: w.database.db, stripe: offline, log: app.log }, payment!, "test")).rejects.toMatchObject({ code: "PAYMENT_PROVIDER_UNAVAILABLE" });
    expect((await payments(form))[0]).toMatchObject({ status: "refunded" });
    expect(await level(form)).toMatchObject({ available: 5, committed: 0 });
    // A late completion of that payment finds it refunded in its batch: no row.
    const late = submitResponse(w.database.db, form, new Map([["ticket", ["early"]], ["__fw_session", [sid]]]), {
      meta: { user_agent: null, referer: null, ip: null }, payment: { id: payment!.id, held_level_ids: payment!.held_level_ids, value: "{}" },
    });
    await expect(late).rejects.toMatchObject({ code: "PAYMENT_NOT_CONFIRMED" });
    expect(standin.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(0);
    const swept = await sweepPayments({ db: w.database.db, stripe, log: app.log });
    expect(swept.refunded).toBeGreaterThanOrEqual(1);
    expect(standin.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    await sweepPayments({ db: w.database.db, stripe, log: app.log });
    expect(standin.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    const kinds = await w.database.db.selectFrom("payment_movement").select("kind").where("payment_id", "=", payment!.id).orderBy("id").execute();
    expect(kinds.map((k) => k.kind)).toEqual(["charge", "refund"]);
  });
});
