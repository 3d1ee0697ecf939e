/** @jsxRuntime automatic */
/**
 * The pieces the Connect pages share: a labelled read-only text (a link or a snippet) with a
 * Copy button, and the note shown while the form is still a draft.
 */
import { useId } from "react";
import { CopyButton } from "../../../ui/copy-button";
import { controlClass } from "../../../ui/input";
import { cn } from "../../../ui/cn";

/** A read-only link or snippet with Copy; a snippet shows as monospace lines. */
export function CopyText({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  const id = useId();
  const select = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => event.currentTarget.select();
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium text-fg">{label}</label>
      <div className={cn("flex gap-2", multiline ? "items-start" : "items-center")}>
        {multiline ? (
          <textarea id={id} readOnly value={value} onFocus={select} rows={value.split("\n").length + 1}
            className={cn(controlClass, "h-auto resize-none py-2 font-mono text-xs leading-5 md:text-xs")} />
        ) : (
          <input id={id} readOnly value={value} onFocus={select} className={cn(controlClass, "font-mono text-xs md:text-xs")} />
        )}
        <CopyButton text={value} size="sm" what={label.toLowerCase()} />
      </div>
    </div>
  );
}

export function DraftNote({ published }: { published: boolean }) {
  if (published) return null;
  return (
    <p role="note" className="rounded-md border border-warning/40 bg-warning-soft px-3 py-2 text-sm text-fg">
      This form is a draft: its link shows “Form not found” until you publish it.
    </p>
  );
}
