/** @jsxRuntime automatic */
/** The grid's editors that open over their cell (JSON, signature, sketch): one placement for all. */
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";

interface Place { left: number; top: number }
const GAP = 4;
/** The popover's width (w-96) and the room it keeps below its top. */
const WIDTH = 384;
const HEIGHT = 320;

function placeOf(anchor: HTMLElement): Place {
  const rect = anchor.getBoundingClientRect();
  const width = Math.min(WIDTH, window.innerWidth * 0.9);
  return {
    left: Math.max(GAP, Math.min(rect.left, window.innerWidth - width - GAP)),
    top: Math.max(GAP, Math.min(rect.top, window.innerHeight - HEIGHT - GAP)),
  };
}

/**
 * A dialog over the cell, in a portal on `document.body` fixed where the cell is (as the
 * refusal tip: cell-error-tip.tsx), so a grid of one row does not clip it and its buttons are
 * not under the grid; it follows the cell while the grid scrolls. Drawn in place where there
 * is no document (the server's renderer, in tests).
 */
export function CellPopover({ label, children, close, onKeyDown }: {
  label: string; children: ReactNode; close: () => void; onKeyDown?: (event: KeyboardEvent) => void;
}) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [place, setPlace] = useState<Place | null>(null);
  useLayoutEffect(() => {
    const element = anchor.current;
    if (!element) return;
    const update = () => setPlace(placeOf(element));
    update();
    window.addEventListener("scroll", update, true);
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update, true);
      window.removeEventListener("resize", update);
    };
  }, []);
  const dialog = (
    <div
      role="dialog"
      aria-label={label}
      style={place ? { left: place.left, top: place.top } : { visibility: "hidden" }}
      className="fixed z-50 grid w-96 max-w-[90vw] gap-2 rounded-lg border border-line bg-card p-3 shadow-pop"
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === "Escape") close();
        onKeyDown?.(e);
      }}
    >
      {children}
    </div>
  );
  return (
    <>
      <span ref={anchor} aria-hidden="true" className="block size-full" />
      {typeof document === "undefined" ? dialog : createPortal(dialog, document.body)}
    </>
  );
}
