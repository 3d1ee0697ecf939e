/** @jsxRuntime automatic */
/** Hour or Day: native radios drawn as a segmented control (arrow keys move the choice). */
import { useId } from "react";
import type { AnalyticsInterval } from "@fieldwork/core";
import { cn } from "../../../../ui/cn";

const CHOICES: readonly { value: AnalyticsInterval; label: string }[] = [
  { value: "hour", label: "Hour" },
  { value: "day", label: "Day" },
];

export function IntervalSwitch({ value, onChange }: { value: AnalyticsInterval; onChange: (interval: AnalyticsInterval) => void }) {
  const name = useId();
  return (
    <fieldset className="shrink-0">
      <legend className="sr-only">Responses per</legend>
      <div className="grid auto-cols-fr grid-flow-col gap-0.5 rounded-md border border-line bg-subtle p-0.5">
        {CHOICES.map((choice) => (
          <label key={choice.value} className={cn(
            "relative flex h-7 cursor-pointer items-center justify-center rounded px-3 text-xs font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent",
            choice.value === value ? "bg-raised text-fg shadow-xs" : "text-muted hover:text-fg",
          )}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
