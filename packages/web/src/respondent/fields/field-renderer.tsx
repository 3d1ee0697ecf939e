/** @jsxRuntime automatic */
/**
 * One switch from field type to renderer family. Types without a renderer in this release
 * (see `capabilityOf(type).renderable`) are skipped with a console warning.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { isArrayField } from "@fieldwork/core";
import type { FieldProps } from "./field-props";
import { TextInput } from "./text-input";
import { Choice } from "./choice";
import { BooleanInput } from "./boolean";
import { FileField } from "./file-field";
import { WidgetField } from "./widget-field";

/** Heavy answer types, loaded only by forms that have them (answer-types-b in docs/ARCHITECTURE.md). */
const HEAVY = {
  richtext: lazy(() => import("./richtext-field")),
  signature: lazy(() => import("./signature-field")),
  canvas: lazy(() => import("./canvas-field")),
  array: lazy(() => import("./array-field")),
  reference: lazy(() => import("./reference-field")),
};
/**
 * The card form (payment/card-form.tsx): only payment forms load it (Stripe's library with it),
 * once the page is interactive. Server and hydration render nothing: a card needs JavaScript.
 */
function PaymentField(props: FieldProps) {
  const [CardForm, setCardForm] = useState<ComponentType<FieldProps> | null>(null);
  useEffect(() => void import("../payment/card-form").then((chunk) => setCardForm(() => chunk.default)), []);
  return CardForm ? <CardForm {...props} /> : null;
}

/**
 * What the server renders for a heavy type (plain-field.tsx's `ServerPlain`, set by ssr.tsx):
 * a boundary that never finishes on the server, its fallback the native control the page keeps
 * without JavaScript; the browser renders the type's own control in its place. The browser's
 * bundle leaves all of it out (the public form's budget).
 */
export const heavyFallback: { render?: (props: FieldProps) => ReactNode } = {};

const warned = new Set<string>();

export function FieldRenderer(props: FieldProps) {
  const type = props.field.type;
  const Heavy = isArrayField(props.field) ? HEAVY.array
    : type === "richtext" || type === "signature" || type === "canvas" ? HEAVY[type]
    // A search field with a reference (its config is read in the chunk: zod stays out of the first load).
    : type === "search" && typeof props.field.reference === "object" && props.field.reference !== null ? HEAVY.reference : null;
  if (Heavy) return heavyFallback.render?.(props) ?? <Suspense><Heavy {...props} /></Suspense>;
  switch (type) {
    case "text": case "textarea": case "email": case "tel": case "url": case "password": case "number":
    case "range": case "date": case "time": case "datetime-local": case "month": case "week": case "color":
    case "hidden": case "search":
      return <TextInput {...props} />;
    case "select": case "radio": case "checkboxes":
      return <Choice {...props} />;
    case "checkbox": case "switch": case "toggle":
      return <BooleanInput {...props} />;
    case "file": case "image": case "audio": case "video":
      return <FileField {...props} />;
    case "country": case "toggle-group": case "json": case "latlng":
      return <WidgetField {...props} />;
    case "payment":
      return <PaymentField {...props} />;
    default:
      if (!warned.has(props.field.name)) {
        warned.add(props.field.name);
        console.warn(`[fieldwork] no renderer for field type "${props.field.type}" (field "${props.field.name}")`);
      }
      return null;
  }
}
