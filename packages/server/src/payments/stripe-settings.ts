/**
 * Stripe's settings from the environment (README "Payments"): STRIPE_SECRET_KEY,
 * STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE. Without a secret key,
 * payment forms answer PAYMENT_PROVIDER_UNAVAILABLE and nothing is charged.
 *
 * STRIPE_API_BASE points the official SDK at another host (the local stand-in of tests,
 * e2e and benches: stripe-standin.ts). With it set, the public form draws Fieldwork's own
 * card form and the server confirms the intent (`card_form: "server"`): Stripe's browser
 * library loads from js.stripe.com, which a stand-in cannot serve. Without it, the page uses
 * `@stripe/stripe-js` Elements and the card never reaches this server (`card_form: "elements"`).
 */
import { tossSettingsOf, type TossSettings } from "./toss-settings";

export interface StripeSettings {
  secret_key: string;
  publishable_key: string;
  webhook_secret: string | null;
  /** `http(s)://host[:port]`, or null: api.stripe.com. */
  api_base: string | null;
}

export interface PaymentSettings {
  stripe: StripeSettings | null;
  /** Toss Payments (toss-settings.ts: TOSS_* variables), or null. */
  toss?: TossSettings | null;
}

export function paymentSettingsOf(env: NodeJS.ProcessEnv): PaymentSettings {
  const secret_key = env.STRIPE_SECRET_KEY?.trim();
  const api_base = env.STRIPE_API_BASE?.trim().replace(/\/+$/, "") || null;
  if (api_base && !/^https?:\/\/[^\s/]+$/i.test(api_base)) {
    throw new Error(`STRIPE_API_BASE must be an http(s) origin such as http://127.0.0.1:12111 (got ${JSON.stringify(api_base)}).`);
  }
  const toss = tossSettingsOf(env);
  if (!secret_key) return { stripe: null, ...(toss ? { toss } : {}) };
  return {
    ...(toss ? { toss } : {}),
    stripe: {
      secret_key,
      publishable_key: env.STRIPE_PUBLISHABLE_KEY?.trim() ?? "",
      webhook_secret: env.STRIPE_WEBHOOK_SECRET?.trim() || null,
      api_base,
    },
  };
}

/** Which card form the public page draws: ours (the server confirms) or Stripe's Elements. */
export const cardFormOf = (settings: StripeSettings): "server" | "elements" => (settings.api_base ? "server" : "elements");
