/** @jsxRuntime automatic */
/**
 * The controls of the settings pages: a titled card, a group of explained radio choices
 * (arrow keys move between them, as native radios do) and a labelled switch.
 */
import { useId, type ReactNode } from "react";
import { cn } from "../../../ui/cn";

export function SettingCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-line bg-card shadow-xs">
      <header className="border-b border-line px-4 py-3">
        <h2 id={id} className="text-sm font-medium text-fg">{title}</h2>
        {description ? <p className="mt-0.5 text-xs text-muted">{description}</p> : null}
      </header>
      <div className="grid gap-5 px-4 py-4">{children}</div>
    </section>
  );
}

export interface Choice<V extends string> { value: V; label: string; description: string }

/** Explained choices as native radios in a fieldset. */
export function ChoiceGroup<V extends string>(props: {
  legend: string;
  name: string;
  value: V;
  choices: readonly Choice<V>[];
  disabled?: boolean;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="grid gap-2" disabled={props.disabled}>
      <legend className="mb-2 text-sm font-medium text-fg">{props.legend}</legend>
      {props.choices.map((choice) => {
        const on = choice.value === props.value;
        return (
          <label
            key={choice.value}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2.5 transition-colors has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-accent-soft",
              on ? "border-accent bg-accent-soft/40" : "border-line hover:bg-subtle",
              props.disabled && "cursor-not-allowed opacity-60",
            )}
          >
            <input
              type="radio"
              name={props.name}
              value={choice.value}
              checked={on}
              onChange={() => props.onChange(choice.value)}
              className="mt-0.5 size-4 shrink-0 outline-none"
            />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium text-fg">{choice.label}</span>
              <span className="text-xs text-muted">{choice.description}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** A checkbox drawn as a switch, with its label and an optional explanation. */
export function Toggle(props: { label: string; description?: ReactNode; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-fg">{props.label}</label>
        {props.description ? <p id={`${id}-d`} className="text-xs text-muted">{props.description}</p> : null}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.description ? `${id}-d` : undefined}
        onChange={(event) => props.onChange(event.target.checked)}
        className={cn(
          "focus-ring relative h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-line-strong transition-colors",
          "before:absolute before:top-0.5 before:left-0.5 before:size-4 before:rounded-full before:bg-white before:shadow-xs before:transition-transform",
          "checked:bg-accent checked:before:translate-x-4 disabled:cursor-not-allowed disabled:opacity-50",
        )}
      />
    </div>
  );
}
