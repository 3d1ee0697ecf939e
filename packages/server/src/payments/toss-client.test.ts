/**
 * Toss's protocol through our client against the stand-in: Basic auth with the secret key,
 * a confirm charges once (a replayed Idempotency-Key answers the same payment, a second
 * confirm is ALREADY_PROCESSED_PAYMENT), Toss's refusals carry its code and message, wrong
 * keys and an unreachable API are "unavailable" (never a decline), cancel refunds once.
 */
import { FieldworkError } from "@fieldwork/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TossClient, TossRefusal } from "./toss-client";
import { STANDIN_DECLINE, startTossStandin, type TossStandin } from "./toss-standin";

describe("Toss Payments' protocol through TossClient and the stand-in", () => {
  let standin: TossStandin;
  let toss: TossClient;
  const settings = (over: Partial<TossClient["settings"]> = {}) => ({
    secret_key: standin.secret_key, client_key: standin.client_key, api_base: standin.base, checkout_url: null, sdk_url: "", ...over,
  });
  beforeAll(async () => {
    standin = await startTossStandin();
    toss = new TossClient(settings());
  });
  afterAll(async () => standin?.close());

  it("confirms once per authorization; the same Idempotency-Key replays, another confirm is refused", async () => {
    const key = standin.authorize("order_0001", 5000);
    const first = await toss.confirm(key, "order_0001", 5000, "k1");
    expect(first).toMatchObject({ paymentKey: key, orderId: "order_0001", status: "DONE", totalAmount: 5000, currency: "KRW" });
    expect(await toss.confirm(key, "order_0001", 5000, "k1")).toEqual(first);
    await expect(toss.confirm(key, "order_0001", 5000, "k2")).rejects.toMatchObject({ toss_code: "ALREADY_PROCESSED_PAYMENT" });
    expect(standin.charges.filter((c) => c.paymentKey === key)).toHaveLength(1);
    expect((await toss.retrieve(key)).status).toBe("DONE");
  });

  it("refuses another amount or order than the authorized one, and carries Toss's decline message", async () => {
    const key = standin.authorize("order_0002", 5000);
    await expect(toss.confirm(key, "order_0002", 100, "a")).rejects.toBeInstanceOf(TossRefusal);
    await expect(toss.confirm(key, "order_9999", 5000, "b")).rejects.toMatchObject({ code: "PAYMENT_DECLINED" });
    const declined = standin.authorize("order_0003", 5000, STANDIN_DECLINE);
    await expect(toss.confirm(declined, "order_0003", 5000, "c")).rejects.toMatchObject({ toss_code: STANDIN_DECLINE.code, message: STANDIN_DECLINE.message });
    expect(standin.charges.filter((c) => c.orderId === "order_0002" || c.orderId === "order_0003")).toHaveLength(0);
  });

  it("a wrong secret key or an unreachable API is unavailable, not a decline", async () => {
    const key = standin.authorize("order_0004", 5000);
    const wrong = new TossClient(settings({ secret_key: "test_sk_wrong" }));
    await expect(wrong.confirm(key, "order_0004", 5000, "w")).rejects.toMatchObject({ code: "PAYMENT_PROVIDER_UNAVAILABLE" });
    const away = new TossClient(settings({ api_base: "http://127.0.0.1:1" }));
    const error = await away.retrieve(key).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FieldworkError);
    expect(error).not.toBeInstanceOf(TossRefusal);
    expect((error as FieldworkError).code).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
  });

  it("refunds a confirmed payment once through cancel", async () => {
    const key = standin.authorize("order_0005", 7000);
    await toss.confirm(key, "order_0005", 7000, "r");
    expect(await toss.refund(key, "Answer refused", "refund-1")).toEqual({ id: key, amount: 7000, currency: "krw", status: "succeeded" });
    expect(await toss.refund(key, "Answer refused", "refund-1")).toMatchObject({ status: "succeeded" });
    await expect(toss.refund(key, "Answer refused", "refund-2")).rejects.toMatchObject({ toss_code: "ALREADY_CANCELED_PAYMENT" });
    expect(standin.cancels.filter((c) => c.paymentKey === key)).toHaveLength(1);
  });
});
