/** @jsxRuntime automatic */
/**
 * The frame of the editor's side panels (field and block): a column at the right with a
 * focused heading, a close button, Escape to close (unless a dialog inside has it), and a
 * footer with the server's refusal, the hint to fix marked inputs, Cancel and Save.
 *
 * Below 1280 px it is a sheet over the page (fixed, full height). From 1280 px (`xl`) it is
 * a column of the canvas's row (see build-canvas.tsx): sticky under the app header, as tall
 * as the main area, so the canvas shifts left beside it and nothing (the header's Publish,
 * the canvas bar's save state and Insert) is hidden under it.
 */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { X } from "lucide-react";
import { Button } from "../../../ui/button";
import { cn } from "../../../ui/cn";

export function SidePanel({ title, focusKey, onClose, children, contained = false }: {
  title: string; focusKey: string; onClose: () => void; children: ReactNode;
  /** In a box of its own height (a connected table's grid on the project page): as tall as the box, not the main area. */
  contained?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => headingRef.current?.focus(), [focusKey]);
  return (
    <aside
      aria-labelledby={titleId}
      onKeyDown={(e) => { if (e.key === "Escape" && !(e.target as HTMLElement).closest("dialog")) { e.stopPropagation(); onClose(); } }}
      className={cn(
        "fixed inset-y-0 right-0 z-40 grid w-full max-w-md grid-rows-[auto_1fr_auto] border-l border-line bg-card shadow-pop",
        "xl:sticky xl:top-0 xl:z-10 xl:w-md xl:shrink-0 xl:shadow-none",
        contained ? "xl:h-full" : "xl:h-[calc(100dvh-3rem)]",
      )}
    >
      <div className="flex items-center gap-2 border-b border-line px-5 py-3">
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="flex-1 text-base font-semibold text-fg outline-none">{title}</h2>
        <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}><X /></Button>
      </div>
      {children}
    </aside>
  );
}

export function SidePanelFooter({ refusal, invalid, saving, onCancel, onSave }: {
  refusal: string | null | undefined; invalid: boolean; saving: boolean; onCancel: () => void; onSave: () => void;
}) {
  return (
    <div className="grid gap-2 border-t border-line bg-card px-5 py-3">
      {refusal ? <p role="alert" className="text-sm text-danger">{refusal}</p> : null}
      {invalid ? <p className="text-xs text-muted">Fix the marked inputs to save.</p> : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="primary" disabled={invalid} loading={saving} onClick={onSave}>Save</Button>
      </div>
    </div>
  );
}
