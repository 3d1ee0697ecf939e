/** @jsxRuntime automatic */
/**
 * One product's values on the products page: price, SKU, stock (available is adjusted when
 * the input is left, by spec 3 §5: a non-number or a negative is 0, whole numbers only),
 * the stock state, and which option of this form sells the value.
 */
import { useState } from "react";
import { formatPrice, levelInput, type FormField, type Product, type ProductValue } from "@fieldwork/core";
import { compactControlClass } from "../../../ui/input";
import { Select } from "../../../ui/select";
import { StockBadge } from "./stock-badge";

export interface ValueActions {
  adjust: (value: ProductValue, available: number) => Promise<void>;
  link: (value: ProductValue, option_id: string | null) => Promise<void>;
}

/** The form's options that can sell a value: those of choice fields, labelled "Field: Option". */
export function sellableOptions(fields: readonly FormField[]): { id: string; label: string }[] {
  return fields.flatMap((f) => f.options.map((o) => ({ id: o.id, label: `${f.label ?? f.name}: ${o.label ?? o.value}` })));
}

export function ProductValues(props: {
  product: Product; currency: string; form_id: string; fields: readonly FormField[]; readonly: boolean; actions: ValueActions;
}) {
  const { product, currency } = props;
  const options = sellableOptions(props.fields);
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Values of {product.name}</caption>
      <thead className="text-left text-xs text-muted">
        <tr>
          <th className="py-1 font-medium">Value</th><th className="font-medium">Price</th><th className="font-medium">SKU</th>
          <th className="font-medium">Available</th><th className="font-medium">Committed</th><th className="font-medium">State</th>
          <th className="font-medium">Sold in this form as</th>
        </tr>
      </thead>
      <tbody>
        {product.options.flatMap((option) => option.values.map((value) => {
          const name = `${option.name} ${value.value}`;
          const elsewhere = value.form_option && value.form_option.form_id !== props.form_id ? value.form_option : null;
          return (
            <tr key={value.id} className="border-t border-line align-middle">
              <td className="py-1.5 pr-2">{name}</td>
              <td className="pr-2 whitespace-nowrap">{formatPrice(value.unit_price, currency)}</td>
              <td className="pr-2 font-mono text-xs">{value.sku}</td>
              <td className="pr-2"><AvailableInput label={`Available of ${name}`} value={value} disabled={props.readonly} onSave={(n) => props.actions.adjust(value, n)} /></td>
              <td className="pr-2">{value.committed}</td>
              <td className="pr-2"><StockBadge state={value.state} /></td>
              <td>
                {elsewhere ? (
                  <span className="text-xs text-muted">Sold in {elsewhere.form_title}</span>
                ) : (
                  <Select aria-label={`Form option for ${name}`} className="h-8 text-sm" disabled={props.readonly}
                    value={value.form_option?.option_id ?? ""} onChange={(e) => void props.actions.link(value, e.target.value || null)}>
                    <option value="">Not sold here</option>
                    {options.map((o) => <option key={o.id} value={o.id}>{o.label}</option>)}
                  </Select>
                )}
              </td>
            </tr>
          );
        }))}
      </tbody>
    </table>
  );
}

function AvailableInput(props: { label: string; value: ProductValue; disabled: boolean; onSave: (available: number) => Promise<void> }) {
  const [draft, setDraft] = useState<string | null>(null);
  const leave = () => {
    if (draft === null) return;
    const next = levelInput(draft);
    setDraft(null);
    if (next !== props.value.available) void props.onSave(next);
  };
  return (
    <input type="number" min={0} step={1} inputMode="numeric" aria-label={props.label} className={`${compactControlClass} w-20`}
      disabled={props.disabled} value={draft ?? String(props.value.available)}
      onChange={(e) => setDraft(e.target.value)} onBlur={leave} onKeyDown={(e) => { if (e.key === "Enter") leave(); }} />
  );
}
