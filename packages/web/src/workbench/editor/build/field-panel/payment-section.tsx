/** @jsxRuntime automatic */
/**
 * The field panel's Payment section of a `payment` field (issue 23, spec 1 §3.7): provider
 * (Stripe by default, or Toss Payments; a field of another provider renders nothing on the
 * form, and says so here), currency (ISO 4217; KRW for Toss Payments) and an optional fixed
 * amount in major units. The rules are payment-draft.ts'; the server checks them again.
 */
import { Field } from "../../../../ui/field";
import { Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";
import type { FieldDraft, PanelAction, PanelProblems } from "./panel-state";

export function PaymentSection({ draft, problems, dispatch }: { draft: FieldDraft; problems: PanelProblems; dispatch: (action: PanelAction) => void }) {
  const { provider, currency, amount } = draft.payment;
  const known = provider === "stripe" || provider === "tosspayments";
  const toss = provider === "tosspayments";
  return (
    <section className="grid gap-4 border-t border-line pt-5" aria-label="Payment" data-testid="payment-section">
      <h3 className="text-sm font-semibold text-fg">Payment</h3>
      <Field label="Provider" hint={known ? "Who charges the card. Keys come from the server's environment." : "This provider is not supported: the field renders nothing and takes no payment."}>
        {(p) => (
          <Select {...p} value={provider} onChange={(e) => dispatch({ type: "payment", patch: { provider: e.target.value } })}>
            <option value="stripe">Stripe</option>
            <option value="tosspayments">Toss Payments</option>
            {known ? null : <option value={provider}>{provider} (renders nothing)</option>}
          </Select>
        )}
      </Field>
      <Field label="Currency" error={problems.payment_currency} hint={toss ? "Toss Payments charges in Korean won." : "An ISO 4217 code, like usd, eur or gbp."}>
        {(p) => (
          <Input {...p} value={toss ? "krw" : currency} readOnly={toss} maxLength={3} className="font-mono uppercase" spellCheck={false} autoComplete="off"
            onChange={(e) => dispatch({ type: "payment", patch: { currency: e.target.value.toLowerCase() } })} />
        )}
      </Field>
      <Field label="Fixed amount" error={problems.payment_amount}
        hint={`In ${(toss ? "krw" : currency).toUpperCase()}, like ${toss ? "5000" : "25.50"}. Empty: the sum of the prices of the options chosen.`}>
        {(p) => (
          <Input {...p} value={amount} inputMode="decimal" autoComplete="off" placeholder="From the options' prices"
            onChange={(e) => dispatch({ type: "payment", patch: { amount: e.target.value } })} />
        )}
      </Field>
    </section>
  );
}
