/**
 * Pay with Toss Payments (spec 1 §7; docs/payments.md "Toss Payments"): the answers go to
 * `POST /integrations/tosspayments/payments/session` (body form_id, testmode, redirect, and the
 * answers the server prices), whose data is the payment session; the page then opens Toss's
 * checkout, which sends the buyer back to the session's successUrl or failUrl (the server
 * confirms there). Errors in the session request are swallowed: the buyer sees nothing and may
 * press Pay again.
 *
 * The checkout is the stand-in's page when the server has a TOSS_API_BASE (`checkoutUrl`),
 * otherwise Toss's browser SDK (the script `@tosspayments/tosspayments-sdk` loads), fetched
 * from `sdkUrl` (TOSS_SDK_URL, Toss's CDN by default), which cannot run offline.
 */
import { TOSS_BASE_PATH, type TossPaymentSessionData } from "@fieldwork/core";

/** The answer of a Pay whose error is swallowed (use-form-submit.ts ends the submit quietly). */
export const SWALLOWED = { swallowed: true } as const;

export async function payWithToss(form_id: string, answers: Record<string, string[]>): Promise<unknown> {
  let session: TossPaymentSessionData | null = null;
  try {
    const response = await fetch(`${TOSS_BASE_PATH}/session`, {
      method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ form_id, testmode: false, redirect: true, answers }),
    });
    session = response.ok ? ((await response.json()) as { data: TossPaymentSessionData | null }).data : null;
  } catch {
    session = null;
  }
  if (!session) return SWALLOWED;
  try {
    await openCheckout(session);
  } catch {
    return SWALLOWED;
  }
  // The page is leaving for the checkout.
  return new Promise<never>(() => undefined);
}

async function openCheckout(session: TossPaymentSessionData): Promise<void> {
  const request = {
    orderId: session.orderId, orderName: session.orderName, successUrl: session.successUrl, failUrl: session.failUrl,
    ...(session.customerEmail ? { customerEmail: session.customerEmail } : {}),
    ...(session.customerName ? { customerName: session.customerName } : {}),
    ...(session.customerMobilePhone ? { customerMobilePhone: session.customerMobilePhone } : {}),
  };
  if (session.checkoutUrl) {
    const url = new URL(session.checkoutUrl);
    const params = { clientKey: session.clientKey, customerKey: session.customerKey, amount: String(session.price), ...request };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    location.assign(url.toString());
    return;
  }
  const TossPayments = await loadSdk(session.sdkUrl);
  await TossPayments(session.clientKey).payment({ customerKey: session.customerKey }).requestPayment({
    method: "CARD", amount: { currency: "KRW", value: session.price }, ...request,
  });
}

type TossPaymentsSdk = (clientKey: string) => {
  payment(options: { customerKey: string }): { requestPayment(request: Record<string, unknown>): Promise<unknown> };
};

/** Toss's SDK script (v2 standard), once per page. */
function loadSdk(src: string): Promise<TossPaymentsSdk> {
  const ready = () => (window as unknown as { TossPayments?: TossPaymentsSdk }).TossPayments;
  const loaded = ready();
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => {
      const sdk = ready();
      if (sdk) resolve(sdk);
      else reject(new Error("TossPayments did not load"));
    };
    script.onerror = () => reject(new Error("TossPayments did not load"));
    document.head.appendChild(script);
  });
}
