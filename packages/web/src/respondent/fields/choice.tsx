/** @jsxRuntime automatic */
/** Renderer of the option types: select (single or multiple), radio and checkboxes. */
import { ChevronDown } from "lucide-react";
import { isMultiValued, isSafeUrl, type FormField, type FormOption } from "@fieldwork/core";
import { useFieldError } from "../field-errors";
import { constraintAttrs, describedBy, fieldDomId } from "./field-attrs";
import { FieldShell } from "./field-shell";
import { controlClass, nativeCheckClass, optionCardClass } from "./field-styles";
import { groupOptions, optionLabel } from "./option-groups";
import { optionTextWithStock, StockNote } from "./stock-note";
import type { FieldProps } from "./field-props";
import { listDefault } from "../prefill";
import { useText, type Text } from "../messages";

export function Choice(props: FieldProps) {
  return props.field.type === "select" ? <SelectChoice {...props} /> : <OptionCards {...props} />;
}

function SelectChoice({ field, locked, prefill }: FieldProps) {
  const text = useText();
  const renderOption = (option: FormOption) => selectOption(option, text);
  const multiple = isMultiValued(field);
  const chosen = listDefault(prefill);
  const groups = groupOptions(field.options, field.optgroups);
  const { required } = constraintAttrs(field, locked);
  const common = {
    id: fieldDomId(field),
    name: field.name,
    required,
    ...describedBy(field, useFieldError(field.name) !== undefined),
  };
  const list = groups.map(({ optgroup, options }) =>
    optgroup ? (
      <optgroup key={optgroup.id} label={optgroup.label} disabled={optgroup.disabled || undefined}>
        {options.map(renderOption)}
      </optgroup>
    ) : (
      options.map(renderOption)
    ),
  );
  if (multiple) {
    const size = Math.min(Math.max(field.options.length + field.optgroups.length, 3), 8);
    return (
      <FieldShell field={field}>
        <select {...common} multiple size={size} defaultValue={chosen} className={`${controlClass} px-2 py-2`}>
          {list}
        </select>
      </FieldShell>
    );
  }
  return (
    <FieldShell field={field}>
      <div className="relative">
        <select {...common} defaultValue={chosen[0] ?? ""} className={`${controlClass} cursor-pointer appearance-none pe-11`}>
          <option value="">{field.placeholder ?? text("form.select_placeholder")}</option>
          {list}
        </select>
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 end-4 size-5 -translate-y-1/2 text-muted" />
      </div>
    </FieldShell>
  );
}

function selectOption(option: FormOption, text: Text) {
  return (
    <option key={option.id} value={option.value} disabled={option.disabled || undefined}>
      {optionTextWithStock(optionLabel(option), option, text)}
    </option>
  );
}

/** Radio buttons or checkboxes drawn as large option cards. */
function OptionCards({ field, locked, prefill }: FieldProps) {
  const type = field.type === "radio" ? "radio" : "checkbox";
  const chosen = new Set(listDefault(prefill));
  const { required } = constraintAttrs(field, locked);
  const invalid = useFieldError(field.name) !== undefined;
  const groups = groupOptions(field.options, field.optgroups);
  return (
    <FieldShell field={field} group>
      <div className="space-y-5">
        {groups.map(({ optgroup, options }) => (
          <div key={optgroup?.id ?? "_"} className="space-y-2">
            {optgroup ? <p className="text-sm font-medium text-muted">{optgroup.label}</p> : null}
            {options.map((option) => (
              <OptionCard
                key={option.id}
                field={field}
                option={option}
                type={type}
                required={required}
                invalid={invalid}
                disabled={option.disabled || optgroup?.disabled === true}
                checked={chosen.has(option.value)}
              />
            ))}
          </div>
        ))}
      </div>
    </FieldShell>
  );
}

function OptionCard(props: {
  field: FormField;
  option: FormOption;
  type: "radio" | "checkbox";
  required: boolean | undefined;
  /** The last submit refused this field: each input says so (the fieldset names the message). */
  invalid: boolean;
  disabled: boolean;
  checked: boolean;
}) {
  const { field, option, type } = props;
  const id = `${fieldDomId(field)}-${option.index}-${option.id}`;
  return (
    <label htmlFor={id} className={optionCardClass}>
      <input
        id={id}
        type={type}
        name={field.name}
        value={option.value}
        required={props.required}
        aria-invalid={props.invalid || undefined}
        disabled={props.disabled || undefined}
        readOnly={field.readonly || undefined}
        defaultChecked={props.checked}
        className={nativeCheckClass}
      />
      {isSafeUrl(option.src) ? <img src={option.src} alt="" loading="lazy" className="size-12 shrink-0 rounded-lg object-cover" /> : null}
      <span className="min-w-0 flex-1 break-words">{optionLabel(option)}</span>
      <StockNote option={option} />
    </label>
  );
}
