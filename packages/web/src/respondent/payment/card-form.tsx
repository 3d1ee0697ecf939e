/** @jsxRuntime automatic */
/**
 * The payment field: spec 1 §2.3's card form (card number, max length 19; expiry MM / YY; CVC;
 * country; ZIP). A lazy chunk of its own, loaded only by forms with a payment field.
 *
 * Which form it draws is the server's (`GET /v1/{form_id}/payment`): with STRIPE_API_BASE
 * (the local stand-in of tests and demos) our own inputs, whose card goes to the server's
 * confirm; with real keys Stripe's Elements card (`@stripe/stripe-js`, itself loaded only
 * then), so the card never reaches Fieldwork. The inputs have no `name`: a card is never part
 * of the form's answers. Toss Payments draws the total only: Pay opens its checkout
 * (toss-checkout.ts). Other providers render nothing (spec 2 §5).
 */
import { formatPaymentAmount, paymentAmount, paymentConfig, type PaymentSetup, type PaymentStart } from "@fieldwork/core";
import { useContext, useEffect, useRef, useState } from "react";
import { FormModelContext } from "../form-model-context";
import { useText } from "../messages";
import { FieldShell } from "../fields/field-shell";
import { controlClass } from "../fields/field-styles";
import type { FieldProps } from "../fields/field-props";
import { postJson, registerCardForm } from "./pay";

const COUNTRIES = ["US", "GB", "CA", "AU", "DE", "FR", "ES", "IT", "NL", "JP", "KR", "IN", "BR", "MX"];
const formIdOf = (element: Element | null) => element?.closest("form")?.getAttribute("action")?.split("/").pop() ?? "";

export default function CardForm({ field }: FieldProps) {
  const root = useRef<HTMLDivElement>(null);
  const [setup, setSetup] = useState<PaymentSetup | null>(null);
  const config = paymentConfig(field.data);

  useEffect(() => {
    if (config?.service_provider !== "stripe") return;
    const controller = new AbortController();
    void fetch(`/v1/${encodeURIComponent(formIdOf(root.current))}/payment`, { headers: { Accept: "application/json" }, signal: controller.signal })
      .then((r) => r.json() as Promise<{ data: PaymentSetup | null }>)
      .then((body) => setSetup(body.data), () => undefined);
    return () => controller.abort();
  }, [config?.service_provider]);

  const total = useTotal(root);
  const text = useText();
  if (config?.service_provider === "tosspayments") {
    // Toss Payments: the total only; Pay opens Toss's checkout (toss-checkout.ts), no card on this page.
    return (
      <FieldShell field={field} group>
        <div ref={root} data-fw-payment="" data-fw-provider="tosspayments" className="grid gap-3">
          {total ? <p className="text-base font-semibold text-fg" data-fw-total="">{text("payment.total", { amount: total })}</p> : null}
        </div>
      </FieldShell>
    );
  }
  if (config?.service_provider !== "stripe") return null;
  return (
    <FieldShell field={field} group>
      <div ref={root} data-fw-payment="" className="grid gap-3">
        {total ? <p className="text-base font-semibold text-fg" data-fw-total="">{text("payment.total", { amount: total })}</p> : null}
        {setup?.card_form === "server" ? <ServerCard form_id={() => formIdOf(root.current)} /> : null}
        {setup?.card_form === "elements" ? <ElementsCard setup={setup} form_id={() => formIdOf(root.current)} /> : null}
      </div>
    </FieldShell>
  );
}

/**
 * What Pay will charge, for the buyer to see ('$25'): core's rule on the answers on the page,
 * for display only; the server prices the answers again and never reads this.
 */
function useTotal(root: React.RefObject<HTMLDivElement | null>): string | null {
  const model = useContext(FormModelContext);
  const [total, setTotal] = useState<string | null>(null);
  useEffect(() => {
    const form = root.current?.closest("form");
    if (!form || !model) return;
    const fields = [...model.index.fields_by_name.values()];
    const update = () => {
      const data = new FormData(form);
      const price = paymentAmount(fields, new Map(fields.map((f) => [f.id, data.getAll(f.name).map(String)])));
      setTotal(price ? formatPaymentAmount(price.amount, price.currency, model.lang) : null);
    };
    update();
    form.addEventListener("change", update);
    return () => form.removeEventListener("change", update);
  }, [root, model]);
  return total;
}

/** Our inputs; the server confirms the intent with them (a stand-in API base only). */
function ServerCard({ form_id }: { form_id: () => string }) {
  const text = useText();
  const refs = { number: useRef<HTMLInputElement>(null), exp: useRef<HTMLInputElement>(null), cvc: useRef<HTMLInputElement>(null), country: useRef<HTMLSelectElement>(null), zip: useRef<HTMLInputElement>(null) };
  useEffect(() => {
    registerCardForm((start: PaymentStart, session_id: string) => postJson(`/v1/${encodeURIComponent(form_id())}/payment/confirm`, {
      session_id, payment_intent: start.payment_intent,
      card: {
        number: refs.number.current?.value.trim() ?? "", exp: refs.exp.current?.value.trim() ?? "", cvc: refs.cvc.current?.value.trim() ?? "",
        country: refs.country.current?.value ?? "US", zip: refs.zip.current?.value.trim() ?? "",
      },
    }));
    return () => registerCardForm(null);
  });
  return (
    <>
      <label className="grid gap-1 text-sm text-muted">{text("payment.card_number")}
        <input ref={refs.number} className={controlClass} inputMode="numeric" autoComplete="cc-number" maxLength={19} placeholder="1234 1234 1234 1234" required />
      </label>
      <div className="grid grid-cols-2 gap-3">
        <label className="grid gap-1 text-sm text-muted">{text("payment.expiry")}
          <input ref={refs.exp} className={controlClass} inputMode="numeric" autoComplete="cc-exp" maxLength={7} placeholder="MM / YY" required />
        </label>
        <label className="grid gap-1 text-sm text-muted">{text("payment.cvc")}
          <input ref={refs.cvc} className={controlClass} inputMode="numeric" autoComplete="cc-csc" maxLength={4} placeholder="CVC" required />
        </label>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <label className="grid gap-1 text-sm text-muted">{text("payment.country")}
          <select ref={refs.country} className={controlClass} autoComplete="country" defaultValue="US">
            {COUNTRIES.map((code) => <option key={code} value={code}>{code}</option>)}
          </select>
        </label>
        <label className="grid gap-1 text-sm text-muted">{text("payment.zip")}
          <input ref={refs.zip} className={controlClass} autoComplete="postal-code" maxLength={16} placeholder="12345" />
        </label>
      </div>
    </>
  );
}

/** Stripe's Elements card: the browser confirms with Stripe, then the server completes. */
function ElementsCard({ setup, form_id }: { setup: PaymentSetup; form_id: () => string }) {
  const mount = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    let destroy = () => undefined as void;
    void import("@stripe/stripe-js").then(({ loadStripe }) => loadStripe(setup.publishable_key)).then((stripe) => {
      if (cancelled || !stripe || !mount.current) return;
      const card = stripe.elements().create("card");
      card.mount(mount.current);
      destroy = () => card.destroy();
      registerCardForm(async (start, session_id) => {
        const result = await stripe.confirmCardPayment(start.client_secret ?? "", { payment_method: { card } });
        if (result.error) return { data: null, error: { code: "PAYMENT_DECLINED", message: result.error.message ?? "Your card was declined." } };
        return postJson(`/v1/${encodeURIComponent(form_id())}/payment/complete`, { session_id, payment_intent: start.payment_intent });
      });
    });
    return () => {
      cancelled = true;
      registerCardForm(null);
      destroy();
    };
  }, [setup.publishable_key, form_id]);
  return <div ref={mount} className={controlClass} />;
}
