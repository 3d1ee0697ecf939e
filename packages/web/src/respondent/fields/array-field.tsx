/** @jsxRuntime automatic */
/**
 * An array field (`is_array`, spec 1 §3): one instance to start with, a plus button adds
 * another (up to `ARRAY_ITEMS`), each instance an input of the field's own type with
 * its native checks; the form posts every instance under the field's name, in order.
 */
import { useState } from "react";
import { Minus, Plus } from "lucide-react";
import { ARRAY_ITEMS, capabilityOf } from "@fieldwork/core";
import { useFieldError } from "../field-errors";
import { useText } from "../messages";
import { listDefault } from "../prefill";
import { constraintAttrs, describedBy, fieldDomId } from "./field-attrs";
import type { FieldProps } from "./field-props";
import { FieldShell } from "./field-shell";
import { controlClass } from "./field-styles";

const buttonClass =
  "inline-flex size-12 shrink-0 items-center justify-center rounded-xl border border-line bg-field text-fg " +
  "hover:border-line-strong focus:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft disabled:opacity-50";

let nextKey = 0;

export default function ArrayField({ field, locked, prefill }: FieldProps) {
  const text = useText();
  const refused = useFieldError(field.name) !== undefined;
  const [items, setItems] = useState(() => {
    const start = listDefault(prefill).slice(0, ARRAY_ITEMS);
    return (start.length ? start : [""]).map((value) => ({ key: nextKey++, value }));
  });
  const label = field.label ?? field.name;
  const type = capabilityOf(field.type).html_type ?? "text";
  const attrs = constraintAttrs(field, locked);
  return (
    <FieldShell field={field} group>
      <ul className="flex flex-col gap-2" data-testid="array-items">
        {items.map((item, i) => {
          const common = {
            name: field.name, defaultValue: item.value, "aria-label": `${label} ${i + 1}`, placeholder: field.placeholder ?? undefined,
            readOnly: field.readonly || undefined, ...describedBy(field, refused), ...attrs,
            // Only the first instance is required: the others are extra answers.
            required: i === 0 ? attrs.required : undefined,
          };
          return (
            <li key={item.key} className="flex items-start gap-2">
              {type === "textarea"
                ? <textarea {...common} id={i === 0 ? fieldDomId(field) : undefined} rows={3} className={`${controlClass} resize-y`} />
                : <input {...common} id={i === 0 ? fieldDomId(field) : undefined} type={type} className={controlClass} />}
              {items.length > 1 ? (
                <button type="button" className={buttonClass} aria-label={`${text("field.remove_item")} ${i + 1}`} onClick={() => setItems(items.filter((x) => x !== item))}>
                  <Minus aria-hidden="true" className="size-5" />
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <button
        type="button" className={`${buttonClass} mt-2 w-auto gap-2 px-4`} disabled={items.length >= ARRAY_ITEMS || locked}
        onClick={() => setItems([...items, { key: nextKey++, value: "" }])}
      >
        <Plus aria-hidden="true" className="size-5" />
        {text("field.add_item")}
      </button>
    </FieldShell>
  );
}
