/** @jsxRuntime automatic */
/**
 * Why a cell edit was refused, where it can be read: a tip in a portal on `document.body`,
 * fixed under the cell (above it when the viewport has no room below), so neither the
 * cell's nor the grid's overflow clips it; it follows the cell while the grid scrolls.
 * The tip is an assertive live region that stays mounted while the editor is open, so
 * each new reason is announced.
 */
import { useLayoutEffect, useState, type RefObject } from "react";
import { createPortal } from "react-dom";

interface Place { left: number; top: number; above: boolean }

const GAP = 4;
/** Room the tip needs below the cell before it goes above instead. */
const ROOM = 64;

function placeOf(anchor: HTMLElement): Place {
  const rect = anchor.getBoundingClientRect();
  const above = rect.bottom + ROOM > window.innerHeight && rect.top > ROOM;
  return { left: Math.max(GAP, Math.min(rect.left, window.innerWidth - 288 - GAP)), top: above ? rect.top - GAP : rect.bottom + GAP, above };
}

export function CellErrorTip({ id, anchor, message }: { id: string; anchor: RefObject<HTMLElement | null>; message: string | null }) {
  const [place, setPlace] = useState<Place | null>(null);
  useLayoutEffect(() => {
    const element = anchor.current;
    if (!message || !element) return;
    const update = () => setPlace(placeOf(element));
    update();
    // Capture: the grid scrolls inside its own element, not the window.
    window.addEventListener("scroll", update, true);
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update, true);
      window.removeEventListener("resize", update);
    };
  }, [anchor, message]);
  const shown = message !== null && place !== null;
  return createPortal(
    <div
      id={id}
      role="alert"
      aria-live="assertive"
      data-testid="cell-error"
      style={shown ? { left: place.left, top: place.top, transform: place.above ? "translateY(-100%)" : undefined } : undefined}
      className={shown ? "fixed z-50 w-max max-w-72 rounded-md bg-danger px-2 py-1 text-xs text-white shadow-pop" : "sr-only"}
    >
      {message}
    </div>,
    document.body,
  );
}
