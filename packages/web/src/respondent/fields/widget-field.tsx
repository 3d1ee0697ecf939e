/** @jsxRuntime automatic */
/**
 * Country, toggle-group, json and latlng fields: the label around a widget that is a lazy
 * chunk of its own (country-picker.tsx; answer-types-a.tsx), so forms without them load none
 * of it. The server renders the widgets' native controls at once (ssr.tsx fills
 * `serverWidgets`); the browser hydrates them when the chunk arrives (a Suspense boundary
 * keeps the server's HTML meanwhile).
 */
import { lazy, Suspense, useContext, type ComponentType } from "react";
import { useFieldError } from "../field-errors";
import { FormModelContext } from "../form-model-context";
import { useText } from "../messages";
import { constraintAttrs, describedBy, fieldDomId } from "./field-attrs";
import type { FieldProps } from "./field-props";
import { FieldShell } from "./field-shell";
import { controlClass } from "./field-styles";
import type { WidgetProps } from "./widget-props";

type Widget = ComponentType<WidgetProps>;
const LAZY: Record<"country" | "other", Widget> = {
  country: lazy(() => import("./country-picker")),
  other: lazy(() => import("./answer-types-a")),
};

/** The widgets the server render uses (set by ssr.tsx), so it never suspends. */
export const serverWidgets: Partial<Record<"country" | "other", Widget>> = {};

export function WidgetField({ field, locked, prefill }: FieldProps) {
  const refused = useFieldError(field.name) !== undefined;
  const kind = field.type === "country" ? "country" : "other";
  const Widget = serverWidgets[kind] ?? LAZY[kind];
  const text = useText();
  // The editor's field preview has no form model: English names there.
  const lang = useContext(FormModelContext)?.lang ?? "en";
  return (
    <FieldShell field={field} group={field.type === "toggle-group" || field.type === "latlng"}>
      <Suspense fallback={null}>
        <Widget
          field={field} dom_id={fieldDomId(field)} prefill={prefill} required={constraintAttrs(field, locked).required}
          aria={describedBy(field, refused)} text={text} lang={lang} control={controlClass}
        />
      </Suspense>
    </FieldShell>
  );
}
