/**
 * Pay (spec 1 §4.1, docs/payments.md): the form's answers go to `POST /v1/{form_id}/payment`,
 * which prices them on the server and holds the stock; the card form on the page confirms
 * (ours posts the card to the server, which confirms against a stand-in API base; Stripe's
 * Elements confirm in the browser), and the answer is the submit's: the ending, or an error
 * badge with the provider's message. Loaded only by forms with a payment field.
 */
import { PARAM, type PaymentStart } from "@fieldwork/core";
import { payWithToss } from "./toss-checkout";

/** Confirms a started payment with the card on the page; answers the JSON envelope of confirm / complete. */
export type CardConfirm = (start: PaymentStart, session_id: string) => Promise<unknown>;

let active: CardConfirm | null = null;

/** The mounted card form's confirm (one payment field per form), or null when it unmounts. */
export function registerCardForm(confirm: CardConfirm | null): void {
  active = confirm;
}

const failure = (code: string, message: string) => ({ data: null, error: { code, message } });

export async function payAndSubmit(form: HTMLFormElement, form_id: string): Promise<unknown> {
  const answers: Record<string, string[]> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string") (answers[name] ??= []).push(value);
  }
  // Toss Payments: the session, then Toss's checkout page (toss-checkout.ts).
  if (form.querySelector<HTMLElement>("[data-fw-payment]")?.dataset.fwProvider === "tosspayments") return payWithToss(form_id, answers);
  if (!active) return failure("PAYMENT_PROVIDER_UNAVAILABLE", "The card form is not ready yet.");
  const confirm = active;
  const started = await postJson(`/v1/${encodeURIComponent(form_id)}/payment`, { answers }) as { data?: PaymentStart | null };
  if (!started?.data) return started;
  return confirm(started.data, answers[PARAM.session]?.[0] ?? "");
}

export async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Accept: "application/json" },
  });
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}
