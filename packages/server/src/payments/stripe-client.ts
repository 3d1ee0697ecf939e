/**
 * The calls Fieldwork makes to Stripe, through the official SDK (`stripe`) pointed at
 * STRIPE_API_BASE when set. Each call maps the SDK's errors to what a payment can do next:
 * a card refusal carries the provider's own message (PAYMENT_DECLINED); a call the provider
 * refused (an intent in another state, an unknown one, a reused idempotency key) is
 * PAYMENT_NOT_CONFIRMED with its sentence; anything that fails to reach the provider (or whose
 * keys it refuses) is PAYMENT_PROVIDER_UNAVAILABLE (nothing is assumed charged).
 */
import { FieldworkError } from "@fieldwork/core";
import type Stripe from "stripe";
import type { StripeSettings } from "./stripe-settings";

export interface ProviderIntent {
  id: string;
  status: string;
  amount: number;
  currency: string;
  client_secret: string | null;
  metadata: Record<string, string>;
  last_error: string | null;
}

export interface CardInput { number: string; exp_month: number; exp_year: number; cvc: string; country: string; zip: string }

/** The provider refused the card: `message` is its own sentence ("Your card was declined."). */
export class CardDeclinedError extends FieldworkError {
  constructor(message: string, readonly decline_code: string | null) {
    super("PAYMENT_DECLINED", message);
  }
}

export class StripeClient {
  private constructor(readonly settings: StripeSettings, readonly sdk: Stripe) {}

  /** The client for `settings`; the SDK (some 200 modules) loads here, only where Stripe is configured. */
  static async open(settings: StripeSettings): Promise<StripeClient> {
    const { default: StripeSdk } = await import("stripe");
    const base = settings.api_base ? new URL(settings.api_base) : null;
    return new StripeClient(settings, new StripeSdk(settings.secret_key, {
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
      ...(base ? { host: base.hostname, port: base.port || (base.protocol === "http:" ? 80 : 443), protocol: base.protocol === "http:" ? "http" : "https" } : {}),
    }));
  }

  /** One intent per key: a retried call with the same key answers the same intent, never a second one. */
  async createIntent(amount: number, currency: string, metadata: Record<string, string>, idempotencyKey: string): Promise<ProviderIntent> {
    return this.call(async () => intentOf(await this.sdk.paymentIntents.create(
      { amount, currency, metadata }, { idempotencyKey },
    )));
  }

  async retrieve(id: string): Promise<ProviderIntent> {
    return this.call(async () => intentOf(await this.sdk.paymentIntents.retrieve(id)));
  }

  /** Confirms with card details (the stand-in's server-side card form only: real Stripe keeps cards in Elements). */
  async confirmWithCard(id: string, card: CardInput, idempotencyKey: string): Promise<ProviderIntent> {
    const params = {
      payment_method_data: {
        type: "card",
        card: { number: card.number, exp_month: card.exp_month, exp_year: card.exp_year, cvc: card.cvc },
        billing_details: { address: { country: card.country, postal_code: card.zip } },
      },
    } as unknown as Stripe.PaymentIntentConfirmParams;
    return this.call(async () => intentOf(await this.sdk.paymentIntents.confirm(id, params, { idempotencyKey })));
  }

  async cancel(id: string): Promise<void> {
    await this.call(() => this.sdk.paymentIntents.cancel(id));
  }

  async refund(paymentIntent: string, idempotencyKey: string): Promise<{ id: string; amount: number; currency: string; status: string }> {
    return this.call(async () => {
      const refund = await this.sdk.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey });
      return { id: refund.id, amount: refund.amount, currency: refund.currency, status: refund.status ?? "pending" };
    });
  }

  /** The event if its `Stripe-Signature` holds for the raw body (the SDK's constructEvent), else null. */
  verifiedEvent(payload: string, signature: string | undefined): Stripe.Event | null {
    if (!this.settings.webhook_secret || !signature) return null;
    try {
      return this.sdk.webhooks.constructEvent(payload, signature, this.settings.webhook_secret);
    } catch {
      return null;
    }
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const e = error as { type?: string; message?: string; decline_code?: string; code?: string };
      if (e.type === "StripeCardError") throw new CardDeclinedError(e.message || "Your card was declined.", e.decline_code ?? e.code ?? null);
      // The provider answered, and refused the call (an intent in another state, one it does not know): its sentence.
      if (e.type === "StripeInvalidRequestError" || e.type === "StripeIdempotencyError") {
        throw Object.assign(new FieldworkError("PAYMENT_NOT_CONFIRMED", e.message), { cause: error, provider_code: e.code ?? null });
      }
      throw Object.assign(new FieldworkError("PAYMENT_PROVIDER_UNAVAILABLE"), { cause: error });
    }
  }
}

export function intentOf(pi: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: pi.id, status: pi.status, amount: pi.amount, currency: pi.currency, client_secret: pi.client_secret ?? null,
    metadata: { ...(pi.metadata ?? {}) }, last_error: pi.last_payment_error?.message ?? null,
  };
}
