/** @jsxRuntime automatic */
/**
 * A button that opens a panel under it (a non-modal dialog: filters, sort, view options).
 * Escape closes it and gives focus back to the button; a click outside closes it; the first
 * control inside takes focus when it opens. The panel is absolutely placed in the button's
 * wrapper, aligned to its start (or end), and never wider than the viewport.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { cn } from "./cn";

export interface PopoverProps {
  /** The button's content (icon + label); the button's accessible name comes from it or `label`. */
  button: ReactNode;
  label?: string;
  buttonClassName?: string;
  /** The dialog's accessible name. */
  title: string;
  align?: "start" | "end";
  panelClassName?: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

const FOCUSABLE = "input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex='-1'])";

export function Popover(props: PopoverProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = props.open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    props.onOpenChange?.(next);
  };
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      // Portalled children (a native select's list) are not in the DOM tree; only real outside clicks close.
      if (target.isConnected && !wrapRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div ref={wrapRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={props.label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
        className={props.buttonClassName}
      >
        {props.button}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={id}
          role="dialog"
          aria-label={props.title}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              close();
            }
          }}
          className={cn(
            "absolute top-full z-30 mt-2 max-w-[calc(100vw-1rem)] rounded-lg border border-line bg-card p-3 shadow-pop",
            props.align === "end" ? "right-0" : "left-0",
            props.panelClassName,
          )}
        >
          {typeof props.children === "function" ? props.children(close) : props.children}
        </div>
      ) : null}
    </div>
  );
}
