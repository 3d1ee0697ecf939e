/** @jsxRuntime automatic */
/**
 * The product editor on the products page: name, description, base price, and options with
 * their values (name, own price or blank for the product's, SKU or blank for one made from
 * its id, and a new value's starting stock). Save sends the whole product (product-draft.ts
 * says what to fix first); stock of existing values is adjusted in the list.
 */
import { useReducer, useState, type FormEvent } from "react";
import { Plus, X } from "lucide-react";
import type { Product } from "@fieldwork/core";
import { Button } from "../../../ui/button";
import { Field } from "../../../ui/field";
import { compactControlClass, Input } from "../../../ui/input";
import { draftOf, draftReducer, draftToInput, type ProductDraft } from "./product-draft";

export function ProductEditor(props: {
  product: Product | null; currency: string; onSave: (body: Extract<ReturnType<typeof draftToInput>, { ok: true }>["body"]) => Promise<void>; onCancel: () => void;
}) {
  const [draft, dispatch] = useReducer(draftReducer, props.product, (p) => draftOf(p, props.currency));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = props.product ? `Edit ${props.product.name}` : "New product";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = draftToInput(draft, props.currency);
    if (!input.ok) return setProblem(input.problem);
    setBusy(true);
    setProblem(null);
    try {
      await props.onSave(input.body);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  return (
    <form aria-label={title} className="grid gap-4 rounded-lg border border-line bg-card px-4 py-4 shadow-xs" onSubmit={(e) => void submit(e)}>
      <h2 className="text-sm font-medium text-fg">{title}</h2>
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <Field label="Product name">{(p) => <Input {...p} value={draft.name} maxLength={256} onChange={(e) => dispatch({ type: "set", field: "name", value: e.target.value })} />}</Field>
        <Field label={`Price (${props.currency})`}>{(p) => <Input {...p} value={draft.price} inputMode="decimal" onChange={(e) => dispatch({ type: "set", field: "price", value: e.target.value })} />}</Field>
      </div>
      <Field label="Description" hint="Optional.">{(p) => <Input {...p} value={draft.description} onChange={(e) => dispatch({ type: "set", field: "description", value: e.target.value })} />}</Field>
      {draft.options.map((option, index) => <OptionRows key={option.key} option={option} index={index} currency={props.currency} dispatch={dispatch} />)}
      <div>
        <Button size="sm" onClick={() => dispatch({ type: "add_option" })}><Plus aria-hidden="true" />Add option</Button>
      </div>
      {problem ? <p role="alert" className="text-sm text-danger">{problem}</p> : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={props.onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" loading={busy}>Save product</Button>
      </div>
    </form>
  );
}

function OptionRows({ option, index, currency, dispatch }: {
  option: ProductDraft["options"][number]; index: number; currency: string; dispatch: (action: Parameters<typeof draftReducer>[1]) => void;
}) {
  const n = index + 1;
  const cell = `${compactControlClass} w-full`;
  return (
    <fieldset className="grid gap-2 rounded-md border border-line px-3 py-3">
      <legend className="px-1 text-xs font-medium text-muted">Option {n}</legend>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Field label={`Option ${n} name`}>{(p) => <Input {...p} value={option.name} placeholder="Size" onChange={(e) => dispatch({ type: "option_name", option: option.key, value: e.target.value })} />}</Field>
        </div>
        <Button variant="ghost" size="sm" onClick={() => dispatch({ type: "remove_option", option: option.key })}>Remove option</Button>
      </div>
      <table className="w-full text-sm">
        <caption className="sr-only">Values of option {n}</caption>
        <thead className="text-left text-xs text-muted">
          <tr><th className="py-1 font-medium">Value</th><th className="font-medium">Price ({currency})</th><th className="font-medium">SKU</th><th className="font-medium">Starting stock</th><th><span className="sr-only">Remove</span></th></tr>
        </thead>
        <tbody>
          {option.values.map((value, i) => {
            const set = (field: "value" | "price" | "sku" | "stock") => (e: { target: { value: string } }) =>
              dispatch({ type: "value", option: option.key, value_key: value.key, field, text: e.target.value });
            const label = `option ${n} value ${i + 1}`;
            return (
              <tr key={value.key}>
                <td className="py-1 pr-2"><input aria-label={`Name of ${label}`} className={cell} value={value.value} onChange={set("value")} /></td>
                <td className="pr-2"><input aria-label={`Price of ${label}`} className={cell} value={value.price} placeholder="Product's" inputMode="decimal" onChange={set("price")} /></td>
                <td className="pr-2"><input aria-label={`SKU of ${label}`} className={`${cell} font-mono`} value={value.sku} placeholder="From its id" maxLength={64} onChange={set("sku")} /></td>
                <td className="pr-2">
                  {value.id ? <span className="text-xs text-muted">Adjust in the list</span>
                    : <input aria-label={`Starting stock of ${label}`} type="number" min={0} step={1} className={cell} value={value.stock} onChange={set("stock")} />}
                </td>
                <td>
                  <Button variant="ghost" size="icon" aria-label={`Remove ${label}`} onClick={() => dispatch({ type: "remove_value", option: option.key, value_key: value.key })}><X /></Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div><Button variant="ghost" size="sm" onClick={() => dispatch({ type: "add_value", option: option.key })}><Plus aria-hidden="true" />Add value</Button></div>
    </fieldset>
  );
}
