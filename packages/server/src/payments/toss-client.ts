/**
 * The calls Fieldwork makes to Toss Payments' HTTP API (its documented protocol, at
 * TOSS_API_BASE): confirm (`POST /v1/payments/confirm` {paymentKey, orderId, amount}), read
 * (`GET /v1/payments/{paymentKey}`) and cancel (`POST /v1/payments/{paymentKey}/cancel`
 * {cancelReason}), each with HTTP Basic auth: the secret key followed by ':' in base64.
 * Toss answers errors as JSON {code, message}: a 4xx is the provider's refusal and carries
 * its message (PAYMENT_DECLINED); anything that does not answer, or a 5xx, is
 * PAYMENT_PROVIDER_UNAVAILABLE (nothing is assumed confirmed).
 */
import { FieldworkError } from "@fieldwork/core";
import type { TossSettings } from "./toss-settings";

/** Toss's Payment object, the parts Fieldwork reads. */
export interface TossPayment {
  paymentKey: string;
  orderId: string;
  status: string;
  totalAmount: number;
  balanceAmount?: number;
  currency: string;
  method?: string | null;
  approvedAt?: string | null;
}

/** Toss refused the call: its own code and message ("REJECT_CARD_PAYMENT", "한도초과 혹은 잔액부족…"). */
export class TossRefusal extends FieldworkError {
  constructor(readonly toss_code: string, message: string, readonly http_status: number) {
    super("PAYMENT_DECLINED", message);
  }
}

const TIMEOUT_MS = 15_000;

export class TossClient {
  constructor(readonly settings: TossSettings) {}

  /** Confirms an authorized payment. The same Idempotency-Key answers the same confirm, never a second charge. */
  confirm(paymentKey: string, orderId: string, amount: number, idempotencyKey: string): Promise<TossPayment> {
    return this.call("POST", "/v1/payments/confirm", { paymentKey, orderId, amount }, idempotencyKey);
  }

  retrieve(paymentKey: string): Promise<TossPayment> {
    return this.call("GET", `/v1/payments/${encodeURIComponent(paymentKey)}`);
  }

  cancel(paymentKey: string, cancelReason: string, idempotencyKey: string): Promise<TossPayment> {
    return this.call("POST", `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`, { cancelReason }, idempotencyKey);
  }

  /** A refund is Toss's cancel of the whole payment (one per payment: an idempotency key). */
  async refund(paymentKey: string, cancelReason: string, idempotencyKey: string): Promise<{ id: string; amount: number; currency: string; status: string }> {
    const canceled = await this.cancel(paymentKey, cancelReason.slice(0, 200), idempotencyKey);
    return { id: paymentKey, amount: canceled.totalAmount, currency: canceled.currency.toLowerCase(), status: canceled.status === "CANCELED" ? "succeeded" : canceled.status.toLowerCase() };
  }

  private async call(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<TossPayment> {
    const headers: Record<string, string> = {
      Authorization: `Basic ${Buffer.from(`${this.settings.secret_key}:`).toString("base64")}`,
      Accept: "application/json",
    };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    let response: Response;
    let answer: unknown;
    try {
      response = await fetch(`${this.settings.api_base}${path}`, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      answer = await response.json();
    } catch (error) {
      throw Object.assign(new FieldworkError("PAYMENT_PROVIDER_UNAVAILABLE"), { cause: error });
    }
    const record = (answer ?? {}) as Record<string, unknown>;
    if (response.ok && typeof record.paymentKey === "string") return record as unknown as TossPayment;
    // 401: our keys are wrong (UNAUTHORIZED_KEY), not the buyer's card.
    if (response.status >= 400 && response.status < 500 && response.status !== 401 && typeof record.code === "string") {
      throw new TossRefusal(record.code, typeof record.message === "string" && record.message ? record.message : record.code, response.status);
    }
    throw new FieldworkError("PAYMENT_PROVIDER_UNAVAILABLE");
  }
}
