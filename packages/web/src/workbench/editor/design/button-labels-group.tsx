/** @jsxRuntime automatic */
/**
 * The footer buttons' wording on this form (spec 2 §3: Back, Next, Submit and Pay, "defaults
 * Back, Next, Submit, Pay; translatable"): one box each, its placeholder the default in the
 * form's language; empty is that default. Saved when a box is left, like the custom CSS.
 */
import { useEffect, useState } from "react";
import { BUTTON_LABEL_KEYS, BUTTON_LABEL_LENGTH, BUTTON_LABEL_MESSAGE, browserMessages, type ButtonLabelKey, type ButtonLabels } from "@fieldwork/core";
import { Field } from "../../../ui/field";
import { Input } from "../../../ui/input";

const NAMES: Record<ButtonLabelKey, string> = { back: "Back button", next: "Next button", submit: "Submit button", pay: "Pay button" };

function LabelBox({ name, value, fallback, disabled, onSave }: {
  name: string; value: string | null; fallback: string; disabled: boolean; onSave: (value: string | null) => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  useEffect(() => setTyped(null), [value]);
  const shown = typed ?? value ?? "";
  const save = () => {
    const next = shown.trim() || null;
    if (next !== value) onSave(next);
    else setTyped(null);
  };
  return (
    <Field label={name}>
      {(p) => <Input {...p} value={shown} placeholder={fallback} maxLength={BUTTON_LABEL_LENGTH} disabled={disabled}
        onChange={(e) => setTyped(e.target.value)} onBlur={save}
        onKeyDown={(e) => { if (e.key === "Enter") e.currentTarget.blur(); }} />}
    </Field>
  );
}

export function ButtonLabelsFields({ lang, labels, disabled, onChange }: {
  lang: string; labels: ButtonLabels; disabled: boolean; onChange: (labels: ButtonLabels) => void;
}) {
  const defaults = browserMessages(lang);
  return (
    <div className="grid grid-cols-2 gap-3">
      {BUTTON_LABEL_KEYS.map((key) => (
        <LabelBox key={key} name={NAMES[key]} value={labels[key]} fallback={defaults[BUTTON_LABEL_MESSAGE[key]]} disabled={disabled}
          onSave={(value) => onChange({ ...labels, [key]: value })} />
      ))}
    </div>
  );
}
