/**
 * Pay with Toss Payments in the page (spec 1 §7): the session request carries form_id,
 * testmode, redirect and the answers; its errors are swallowed; the session opens the
 * stand-in's checkout page, or Toss's SDK with real keys.
 */
import type { TossPaymentSessionData } from "@fieldwork/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { payWithToss, SWALLOWED } from "./toss-checkout";

const session: TossPaymentSessionData = {
  customerKey: "c-1", price: 5000, orderId: "order-1", orderName: "Concert", customerName: null, customerEmail: "a@b.kr",
  customerMobilePhone: null, successUrl: "http://f/s?form_id=x", failUrl: "http://f/f?form_id=x", currency: "KRW",
  clientKey: "test_ck", testmode: true, checkoutUrl: "http://standin/checkout", sdkUrl: "https://js.tosspayments.com/v2/standard",
};
const answered = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));
const settled = async (promise: Promise<unknown>) => Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve("pending"), 20))]);

afterEach(() => vi.unstubAllGlobals());

describe("payWithToss", () => {
  it("posts spec 1 §7's body with the answers, and swallows a refusal or a network failure", async () => {
    const fetch = answered(409, { data: null, error: { code: "FORM_SOLD_OUT", message: "Sold out" } });
    vi.stubGlobal("fetch", fetch);
    expect(await payWithToss("form-1", { ticket: ["early"] })).toBe(SWALLOWED);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/integrations/tosspayments/payments/session");
    expect(JSON.parse(String(init.body))).toEqual({ form_id: "form-1", testmode: false, redirect: true, answers: { ticket: ["early"] } });
    vi.stubGlobal("fetch", vi.fn(async () => { throw new TypeError("offline"); }));
    expect(await payWithToss("form-1", {})).toBe(SWALLOWED);
  });

  it("opens the stand-in's checkout page with the session", async () => {
    vi.stubGlobal("fetch", answered(200, { data: session, error: null }));
    const assign = vi.fn();
    vi.stubGlobal("location", { assign });
    expect(await settled(payWithToss("form-1", {}))).toBe("pending");
    const to = new URL(assign.mock.calls[0]![0] as string);
    expect(to.origin + to.pathname).toBe("http://standin/checkout");
    expect(Object.fromEntries(to.searchParams)).toEqual({
      clientKey: "test_ck", customerKey: "c-1", amount: "5000", orderId: "order-1", orderName: "Concert",
      successUrl: session.successUrl, failUrl: session.failUrl, customerEmail: "a@b.kr",
    });
  });

  it("asks Toss's SDK for a card payment in won with real keys", async () => {
    vi.stubGlobal("fetch", answered(200, { data: { ...session, checkoutUrl: null }, error: null }));
    const requestPayment = vi.fn(async () => undefined);
    const TossPayments = vi.fn(() => ({ payment: () => ({ requestPayment }) }));
    vi.stubGlobal("window", { TossPayments });
    expect(await settled(payWithToss("form-1", {}))).toBe("pending");
    expect(TossPayments).toHaveBeenCalledWith("test_ck");
    expect(requestPayment).toHaveBeenCalledWith({
      method: "CARD", amount: { currency: "KRW", value: 5000 }, orderId: "order-1", orderName: "Concert",
      successUrl: session.successUrl, failUrl: session.failUrl, customerEmail: "a@b.kr",
    });
  });

  it("swallows an SDK that refuses (the buyer closed Toss's window)", async () => {
    vi.stubGlobal("fetch", answered(200, { data: { ...session, checkoutUrl: null }, error: null }));
    vi.stubGlobal("window", { TossPayments: () => ({ payment: () => ({ requestPayment: async () => { throw new Error("USER_CANCEL"); } }) }) });
    expect(await payWithToss("form-1", {})).toBe(SWALLOWED);
  });
});
