/**
 * The origins a real provider's browser library needs on the public form pages (the
 * Content-Security-Policy of routes/security-headers.ts, form pages only). Toss Payments' SDK
 * (real keys, no TOSS_API_BASE): its script from TOSS_SDK_URL's origin, its checkout frames
 * and calls on *.tosspayments.com. With the stand-in nothing is added: the page only navigates
 * to its checkout. (Stripe's Elements has its own switch there: `stripeElements`.)
 */
import type { PaymentSources } from "../routes/security-headers";
import type { PaymentSettings } from "./stripe-settings";

const TOSS_HOSTS = "https://*.tosspayments.com";

export function paymentCspSources(settings: PaymentSettings | undefined): PaymentSources | undefined {
  const toss = settings?.toss;
  if (!toss || toss.checkout_url) return undefined;
  return { script: [new URL(toss.sdk_url).origin], frame: [TOSS_HOSTS], connect: [TOSS_HOSTS] };
}
