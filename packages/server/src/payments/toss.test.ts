/**
 * Toss Payments against its stand-in on both backends (docs/payments.md "Toss Payments"): the
 * payment session prices the answers on the server and holds the stock; the success redirect
 * confirms with Toss once and stores one row with its payment; a replayed success charges
 * nothing more; a tampered amount is refused before Toss is asked; the fail redirect gives the
 * stock back and shows Toss's message; hostile bodies answer 4xx with catalogue codes. No real
 * provider is contacted.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { inventoryWorld, type InventoryWorld } from "../inventory/inventory-test-setup";
import { BACKENDS } from "../test/backends";
import { sweepPayments } from "./payment-events";
import { TossClient } from "./toss-client";
import { tossSettingsOf } from "./toss-settings";
import { STANDIN_DECLINE, startTossStandin, type TossStandin } from "./toss-standin";

const PUBLIC = "http://forms.test";
const BASE = "/integrations/tosspayments/payments";

describe.each(BACKENDS)("Toss Payments on $name", (backend) => {
  let w: InventoryWorld;
  let app: FastifyInstance;
  let standin: TossStandin;
  let toss: TossClient;

  beforeAll(async () => {
    if (!backend.available) return;
    standin = await startTossStandin();
    w = await inventoryWorld(backend, `toss-${backend.name}`);
    toss = new TossClient(tossSettingsOf({ TOSS_SECRET_KEY: standin.secret_key, TOSS_CLIENT_KEY: standin.client_key, TOSS_API_BASE: standin.base })!);
    app = await buildApp({ db: w.database.db, rateLimitFactor: 0, publicUrl: PUBLIC, payments: { stripe: null, toss: toss.settings } });
  });
  afterAll(async () => {
    await app?.close();
    await w?.close();
    await standin?.close();
  });

  /** A published ticket form paid with Toss: early (5000 won, tracked with `units`) and late (12000), an email field. */
  async function ticketForm(units = 10) {
    const { form, document } = await w.newForm();
    const add = async (field: Record<string, unknown>) => {
      const response = await w.call(w.owner, "POST", `/forms/${form}/fields`, { revision: await w.revisionOf(form), field });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.field_id as string;
    };
    const field = await add({ name: "ticket", type: "radio", required: true, options: [{ value: "early", label: "Early", price: 5000 }, { value: "late", label: "Late", price: 12000 }] });
    await add({ name: "email", type: "email" });
    await add({ name: "pay", type: "payment", data: { service_provider: "tosspayments" } });
    await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: "Tickets" });
    await w.call(w.owner, "PUT", `/forms/${form}/fields/${field}/inventory`, { tracked: true });
    const options = await w.optionsOf(form, field);
    await w.call(w.owner, "PATCH", `/forms/${form}/inventory/${options[0]!.id}`, { available: units });
    await w.call(w.owner, "PATCH", `/documents/${document}`, { published: true });
    return { form };
  }

  const newSession = async (form: string) => (await app.inject({ method: "GET", url: `/v1/${form}/session` })).json().data.id as string;
  const session = (body: unknown) => app.inject({ method: "POST", url: `${BASE}/session`, payload: body as Record<string, unknown> });
  const back = (url: string, params: Record<string, string>, json = true) => {
    const to = new URL(url);
    for (const [k, v] of Object.entries(params)) to.searchParams.set(k, v);
    return app.inject({ method: "GET", url: `${to.pathname}${to.search}`, headers: json ? { accept: "application/json" } : {} });
  };
  const level = async (form: string) => (await w.call(w.owner, "GET", `/forms/${form}/inventory`)).json().data.fields[0].options[0];
  const rows = async (form: string) => (await w.call(w.owner, "GET", `/forms/${form}/responses?limit=100`)).json().data as Record<string, unknown>[];
  const payments = (form: string) => w.database.db.selectFrom("payment").selectAll().where("form_id", "=", form).execute();
  const confirmsOf = (orderId: string) => standin.confirms.filter((c) => c.orderId === orderId);
  const chargesOf = (orderId: string) => standin.charges.filter((c) => c.orderId === orderId);

  async function started(form: string, choice = "early") {
    const sid = await newSession(form);
    const response = await session({ form_id: form, testmode: true, redirect: true, answers: { ticket: [choice], email: ["buyer@example.kr"], __fw_session: [sid] } });
    expect(response.statusCode, response.body).toBe(200);
    return { sid, data: response.json().data };
  }

  it.skipIf(!backend.available)("answers spec 1 §3.7's session with the server's price, holds the unit, and a retried request gets the same order", async () => {
    const { form } = await ticketForm(5);
    const { sid, data } = await started(form, "early");
    expect(data).toMatchObject({
      customerKey: sid, price: 5000, orderName: expect.any(String), customerEmail: "buyer@example.kr", customerName: null, customerMobilePhone: null,
      successUrl: `${PUBLIC}${BASE}/success?form_id=${form}`, failUrl: `${PUBLIC}${BASE}/fail?form_id=${form}`,
      currency: "KRW", clientKey: standin.client_key, testmode: true, checkoutUrl: `${standin.base}/checkout`,
    });
    expect(await level(form)).toMatchObject({ available: 4 });
    const again = await session({ form_id: form, answers: { ticket: ["early"], email: ["buyer@example.kr"], __fw_session: [sid] } });
    expect(again.json().data.orderId).toBe(data.orderId);
    expect(await level(form)).toMatchObject({ available: 4 });
    expect(await payments(form)).toEqual([expect.objectContaining({
      id: data.orderId, provider: "tosspayments", amount: 5000, currency: "krw", status: "pending",
      // What the receipt says, kept from the session on.
      receipt: { email: "buyer@example.kr", currency: "krw", total: 5000, lines: [{ field: "ticket", option: "early", label: "Early", product: null, quantity: 1, unit_price: 5000, amount: 5000 }] },
    })]);
  });

  it.skipIf(!backend.available)("success confirms once with Toss: one row with its payment, the unit committed; a replay charges nothing more", async () => {
    const { form } = await ticketForm(5);
    const { data } = await started(form, "late");
    const paymentKey = standin.authorize(data.orderId, 12000);
    const params = { paymentKey, orderId: data.orderId, amount: "12000" };
    const [a, b] = await Promise.all([back(data.successUrl, params), back(data.successUrl, params)]);
    const c = await back(data.successUrl, params);
    expect([a, b, c].map((r) => r.statusCode).sort(), a.body + b.body).toEqual([200, 200, 201]);
    expect(new Set([a, b, c].map((r) => r.json().data.id)).size).toBe(1);
    expect(chargesOf(data.orderId)).toHaveLength(1);
    expect(confirmsOf(data.orderId).length).toBeLessThanOrEqual(2);

    const stored = await rows(form);
    expect(stored).toHaveLength(1);
    const paid = typeof stored[0]!.pay === "string" ? JSON.parse(stored[0]!.pay) : stored[0]!.pay;
    expect(paid).toMatchObject({ provider: "tosspayments", provider_id: paymentKey, amount: 12000, currency: "krw", status: "succeeded" });
    const [payment] = await payments(form);
    expect(payment).toMatchObject({ status: "completed", provider_id: paymentKey, response_id: a.json().data.id ?? b.json().data.id });
    const movements = await w.database.db.selectFrom("payment_movement").selectAll().where("payment_id", "=", payment!.id).execute();
    expect(movements).toEqual([expect.objectContaining({ kind: "charge", provider: "tosspayments", provider_id: paymentKey, amount: 12000, currency: "krw", status: "succeeded" })]);
    expect(await level(form)).toMatchObject({ available: 5, committed: 0 });
  });

  it.skipIf(!backend.available)("a browser is sent to the ending on success", async () => {
    const { form } = await ticketForm(5);
    const { data } = await started(form);
    const response = await back(data.successUrl, { paymentKey: standin.authorize(data.orderId, 5000), orderId: data.orderId, amount: "5000" }, false);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toContain(`/d/e/${form}/complete`);
    expect(await level(form)).toMatchObject({ available: 4, committed: 1 });
  });

  it.skipIf(!backend.available)("a tampered amount is refused before Toss is asked: nothing charged, no row", async () => {
    const { form } = await ticketForm(5);
    const { data } = await started(form);
    const paymentKey = standin.authorize(data.orderId, 100);
    for (const amount of ["100", "0", "4999", "5000.5", "-5000", "99999999999999"]) {
      const response = await back(data.successUrl, { paymentKey, orderId: data.orderId, amount });
      expect(response.statusCode, amount).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, amount).toBeLessThan(500);
      expect(["PAYMENT_NOT_CONFIRMED", "MALFORMED_REQUEST"]).toContain(response.json().error.code);
    }
    expect(confirmsOf(data.orderId)).toHaveLength(0);
    expect(chargesOf(data.orderId)).toHaveLength(0);
    expect(await rows(form)).toHaveLength(0);
    // Paid less at the checkout, the held amount in the URL: Toss refuses the confirm, nothing is charged.
    const cheaper = await back(data.successUrl, { paymentKey, orderId: data.orderId, amount: "5000" });
    expect(cheaper.statusCode).toBe(402);
    expect(chargesOf(data.orderId)).toHaveLength(0);
    expect(await rows(form)).toHaveLength(0);
    // The page shows the refusal to a browser, escaped.
    const page = await back(data.successUrl, { paymentKey, orderId: data.orderId, amount: "100" }, false);
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain("The amount does not match this payment; nothing was charged.");
  });

  it.skipIf(!backend.available)("a card Toss refuses at confirm stores nothing, answers Toss's message and gives the unit back", async () => {
    const { form } = await ticketForm(3);
    const { data } = await started(form);
    const response = await back(data.successUrl, { paymentKey: standin.authorize(data.orderId, 5000, STANDIN_DECLINE), orderId: data.orderId, amount: "5000" });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({ code: "PAYMENT_DECLINED", message: STANDIN_DECLINE.message });
    expect(await level(form)).toMatchObject({ available: 3, committed: 0 });
    expect((await payments(form))[0]).toMatchObject({ status: "failed", message: STANDIN_DECLINE.message });
  });

  it.skipIf(!backend.available)("fail releases the hold and shows Toss's message; a success for that order afterwards charges nothing", async () => {
    const { form } = await ticketForm(2);
    const { data } = await started(form);
    expect(await level(form)).toMatchObject({ available: 1 });
    const message = "사용자에 의해 결제가 취소되었습니다. <script>alert(1)</script>";
    const page = await back(data.failUrl, { code: "PAY_PROCESS_CANCELED", message, orderId: data.orderId }, false);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("사용자에 의해 결제가 취소되었습니다.");
    expect(page.body).not.toContain("<script>alert(1)</script>");
    expect(await level(form)).toMatchObject({ available: 2, committed: 0 });
    expect((await payments(form))[0]).toMatchObject({ status: "failed", message });
    const json = await back(data.failUrl, { code: "PAY_PROCESS_CANCELED", message: "again", orderId: data.orderId });
    expect(json.statusCode).toBe(402);
    expect(await level(form)).toMatchObject({ available: 2 });

    const late = await back(data.successUrl, { paymentKey: standin.authorize(data.orderId, 5000), orderId: data.orderId, amount: "5000" });
    expect(late.statusCode).toBe(409);
    expect(chargesOf(data.orderId)).toHaveLength(0);
    expect(await rows(form)).toHaveLength(0);
  });

  it.skipIf(!backend.available)("the fail page speaks the form's language: Korean, Arabic right to left, English by default; Toss's message as sent", async () => {
    const { form } = await ticketForm(2);
    const theme = async (lang: string) => {
      const patched = await w.call(w.owner, "PATCH", `/forms/${form}/theme`, { revision: await w.revisionOf(form), theme: { lang } });
      expect(patched.statusCode, patched.body).toBe(200);
    };
    const failPage = async () => {
      const { data } = await started(form);
      return back(data.failUrl, { code: "PAY_PROCESS_CANCELED", orderId: data.orderId }, false);
    };
    const english = await failPage();
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain("<h1>Payment not completed</h1>");
    expect(english.body).toContain("The payment stopped before it went through.");
    expect(english.body).toContain("Back to the form");

    await theme("ko");
    const korean = await failPage();
    expect(korean.statusCode).toBe(200);
    expect(korean.body).toContain('<html lang="ko" dir="ltr">');
    expect(korean.body).toContain("<title>결제가 완료되지 않았습니다</title>");
    expect(korean.body).toContain("결제가 처리되기 전에 중단되었습니다.");
    expect(korean.body).toContain("청구된 금액은 없습니다.");
    expect(korean.body).toContain(`<a href="/d/e/${form}">양식으로 돌아가기</a>`);
    expect(korean.body).not.toMatch(/Payment not completed|Nothing was charged|Back to the form/);
    // Toss's own message is shown as Toss sent it (its checkout speaks the buyer's language).
    const { data } = await started(form);
    const withMessage = await back(data.failUrl, { code: "PAY_PROCESS_CANCELED", message: "사용자에 의해 결제가 취소되었습니다.", orderId: data.orderId }, false);
    expect(withMessage.body).toContain("사용자에 의해 결제가 취소되었습니다.");
    expect(withMessage.body).not.toContain("결제가 처리되기 전에 중단되었습니다.");

    await theme("ar");
    const arabic = await failPage();
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain("لم تكتمل عملية الدفع");
    // A form that is not there: English.
    const missing = await app.inject({ method: "GET", url: `${BASE}/fail?form_id=00000000-0000-4000-8000-000000000000&code=X` });
    expect(missing.body).toContain('<html lang="en" dir="ltr">');
  });

  it.skipIf(!backend.available)("another paymentKey for a bound order is refused, and a key Toss does not know leaves the order payable", async () => {
    const { form } = await ticketForm(5);
    const { data } = await started(form);
    const unknown = await back(data.successUrl, { paymentKey: "tnot-a-key", orderId: data.orderId, amount: "5000" });
    expect(unknown.statusCode).toBe(402);
    expect(unknown.json().error.code).toBe("PAYMENT_DECLINED");
    const real = standin.authorize(data.orderId, 5000);
    expect((await back(data.successUrl, { paymentKey: real, orderId: data.orderId, amount: "5000" })).statusCode).toBe(201);
    const other = await back(data.successUrl, { paymentKey: standin.authorize(data.orderId, 5000), orderId: data.orderId, amount: "5000" });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe("PAYMENT_SESSION_MISMATCH");
    expect(chargesOf(data.orderId)).toHaveLength(1);
  });

  it.skipIf(!backend.available)("a paid answer the form no longer takes is refunded through Toss's cancel, its unit given back", async () => {
    const { form } = await ticketForm(5);
    const { data } = await started(form);
    await w.database.db.updateTable("form").set({ is_force_closed: true }).where("id", "=", form).execute();
    const paymentKey = standin.authorize(data.orderId, 5000);
    const closed = await back(data.successUrl, { paymentKey, orderId: data.orderId, amount: "5000" });
    expect(closed.statusCode).toBe(403);
    expect(chargesOf(data.orderId)).toHaveLength(1);
    expect(standin.cancels.filter((c) => c.paymentKey === paymentKey)).toHaveLength(1);
    expect((await payments(form))[0]).toMatchObject({ status: "refunded", response_id: null });
    const movements = await w.database.db.selectFrom("payment_movement").select(["kind", "provider", "amount", "currency", "status"])
      .where("payment_id", "=", data.orderId).orderBy("id").execute();
    expect(movements).toEqual([
      { kind: "charge", provider: "tosspayments", amount: 5000, currency: "krw", status: "succeeded" },
      { kind: "refund", provider: "tosspayments", amount: 5000, currency: "krw", status: "succeeded" },
    ]);
    expect(await level(form)).toMatchObject({ available: 5, committed: 0 });
    expect(await rows(form)).toHaveLength(0);
  });

  it.skipIf(!backend.available)("the sweep gives back the hold of an order that never came back", async () => {
    const { form } = await ticketForm(4);
    const { data } = await started(form);
    expect(await level(form)).toMatchObject({ available: 3 });
    const swept = await sweepPayments({ db: w.database.db, stripe: null, toss, log: app.log }, new Date(Date.now() + 31 * 60_000));
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await level(form)).toMatchObject({ available: 4 });
    expect((await payments(form)).find((p) => p.id === data.orderId)).toMatchObject({ status: "expired" });
  });

  it.skipIf(!backend.available)("hostile bodies and queries answer 4xx with catalogue codes, never 500", async () => {
    const { form } = await ticketForm(5);
    const sid = await newSession(form);
    const bodies: [unknown, string][] = [
      [{}, "MALFORMED_REQUEST"],
      [{ form_id: "nope", answers: {} }, "MALFORMED_REQUEST"],
      [{ form_id: form, answers: { ticket: ["early"], __fw_session: [sid] }, amount: 1, price: 1 }, "MALFORMED_REQUEST"],
      [{ form_id: form, answers: { ticket: "early" } }, "MALFORMED_REQUEST"],
      [{ form_id: form, testmode: "yes", answers: {} }, "MALFORMED_REQUEST"],
      [{ form_id: form, answers: { ticket: ["early"] } }, "SESSION_NOT_FOUND"],
      [{ form_id: form, answers: { ticket: ["early"], __fw_session: ["not-a-uuid"] } }, "SESSION_NOT_FOUND"],
      [{ form_id: form, answers: { ticket: ["early"], __fw_session: ["00000000-0000-4000-8000-000000000000"] } }, "SESSION_NOT_FOUND"],
      [{ form_id: form, answers: { __fw_session: [sid] } }, "REQUIRED_FIELD_MISSING"],
      [{ form_id: "00000000-0000-4000-8000-000000000000", answers: { __fw_session: [sid] } }, "FORM_NOT_FOUND"],
    ];
    for (const [body, code] of bodies) {
      const response = await session(body);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(response.json().error.code, JSON.stringify(body)).toBe(code);
    }
    const text = await app.inject({ method: "POST", url: `${BASE}/session`, payload: "form_id=x", headers: { "content-type": "text/plain" } });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);

    const queries: [string, string][] = [
      [`success?form_id=${form}`, "MALFORMED_REQUEST"],
      [`success?form_id=${form}&paymentKey=k&orderId=short&amount=5000`, "MALFORMED_REQUEST"],
      [`success?form_id=nope&paymentKey=k&orderId=000000000000&amount=5000`, "MALFORMED_REQUEST"],
      [`success?form_id=${form}&paymentKey=k&orderId=00000000-0000-4000-8000-000000000000&amount=5000`, "NOT_FOUND"],
      [`success?form_id=${form}&paymentKey=k&orderId=order_123456&amount=5000`, "NOT_FOUND"],
      [`success?form_id=${form}&paymentKey=${"k".repeat(300)}&orderId=order_123456&amount=5000`, "MALFORMED_REQUEST"],
      [`fail?form_id=${form}&orderId=${"x".repeat(100)}`, "MALFORMED_REQUEST"],
    ];
    for (const [path, code] of queries) {
      const response = await app.inject({ method: "GET", url: `${BASE}/${path}`, headers: { accept: "application/json" } });
      expect(response.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, path).toBeLessThan(500);
      expect(response.json().error.code, path).toBe(code);
    }
    expect(standin.confirms.filter((c) => c.paymentKey === "k")).toHaveLength(0);
  });

  it.skipIf(!backend.available)("without Toss keys the session answers PAYMENT_PROVIDER_UNAVAILABLE and holds nothing", async () => {
    const { form } = await ticketForm(5);
    const bare = await buildApp({ db: w.database.db, rateLimitFactor: 0, payments: { stripe: null } });
    try {
      const sid = (await bare.inject({ method: "GET", url: `/v1/${form}/session` })).json().data.id as string;
      const response = await bare.inject({ method: "POST", url: `${BASE}/session`, payload: { form_id: form, answers: { ticket: ["early"], __fw_session: [sid] } } });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
      expect(await level(form)).toMatchObject({ available: 5 });
    } finally {
      await bare.close();
    }
  });
});
