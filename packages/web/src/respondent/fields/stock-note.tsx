/** @jsxRuntime automatic */
/**
 * What a tracked option says about its stock (core's `stockLabel`, in the form's language):
 * "Sold out" beside a disabled option, "Only N left" when few remain, nothing otherwise.
 * Inside the option's label, so it is part of the input's accessible name.
 */
import { isSoldOut, stockLabel, type FormOption } from "@fieldwork/core";
import { useText, type Text } from "../messages";

export function StockNote({ option }: { option: Pick<FormOption, "stock"> }) {
  const label = stockLabel(option.stock, useText());
  if (!label) return null;
  const tone = isSoldOut(option.stock) ? "border border-line-strong bg-card" : "bg-accent-soft";
  return <span data-stock={isSoldOut(option.stock) ? "sold-out" : "few-left"} className={`shrink-0 rounded-full px-2.5 py-0.5 text-sm font-medium text-fg ${tone}`}>{label}</span>;
}

/** The text of a `<select>`'s option, which holds text only: "Large (Only 2 left)". */
export function optionTextWithStock(label: string, option: Pick<FormOption, "stock">, text: Text): string {
  const stock = stockLabel(option.stock, text);
  return stock ? `${label} (${stock})` : label;
}
