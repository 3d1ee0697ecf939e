/** @jsxRuntime automatic */
/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first
 * item, arrows and Home/End move, Escape closes and gives focus back to the button, Tab or
 * a click elsewhere closes it.
 *
 * The list is `position: fixed` under the button (above it when there is no room below),
 * so a menu in a table row is not clipped by its card; scrolling or resizing closes it.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "./cn";

export interface MenuItem {
  label: string;
  icon?: LucideIcon;
  onSelect: () => void;
  /** Destructive items (Delete, Remove) are red. */
  tone?: "danger";
}

const GAP = 8;

/** Places a fixed list under the button's right edge, or above the button when it does not fit below. */
function placeList(button: HTMLElement, list: HTMLElement): void {
  const rect = button.getBoundingClientRect();
  const height = list.offsetHeight;
  const fitsBelow = rect.bottom + GAP + height <= window.innerHeight || rect.top - GAP - height < 0;
  list.style.top = `${fitsBelow ? rect.bottom + GAP : rect.top - GAP - height}px`;
  list.style.right = `${Math.max(GAP, document.documentElement.clientWidth - rect.right)}px`;
}

export function Menu(props: {
  /** Accessible name of the button. */
  label: string;
  /** What the button shows (an avatar, an icon). */
  button: ReactNode;
  buttonClassName?: string;
  /** Shown above the items, not focusable (who is signed in). */
  header?: ReactNode;
  items: MenuItem[];
  /** The list's width (w-60 by default). */
  menuClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => [...(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus({ preventScroll: true });
  };

  useLayoutEffect(() => {
    if (open && buttonRef.current && listRef.current) placeList(buttonRef.current, listRef.current);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    focusItem(0);
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!listRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    const onMove = (event: Event) => {
      if (!(event.target instanceof Node && listRef.current?.contains(event.target))) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("scroll", onMove, true);
    window.addEventListener("resize", onMove);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("scroll", onMove, true);
      window.removeEventListener("resize", onMove);
    };
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: all.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]!);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={props.label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={cn("focus-ring cursor-pointer", props.buttonClassName)}
      >
        {props.button}
      </button>
      {open ? (
        <div
          ref={listRef}
          id={menuId}
          role="menu"
          aria-label={props.label}
          onKeyDown={onMenuKeyDown}
          className={cn("fixed z-30 w-60 rounded-lg border border-line bg-card p-1 shadow-pop", props.menuClassName)}
        >
          {props.header ? <div className="border-b border-line px-2 pt-1 pb-2 mb-1">{props.header}</div> : null}
          {props.items.map((item) => {
            const Icon = item.icon;
            return (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(false);
                  item.onSelect();
                }}
                className={cn(
                  "flex h-8 w-full cursor-pointer items-center gap-2 rounded-md px-2 text-left text-sm outline-none hover:bg-subtle focus-visible:bg-subtle focus:bg-subtle",
                  item.tone === "danger" ? "text-danger" : "text-fg",
                )}
              >
                {Icon ? <Icon aria-hidden="true" className={cn("size-4", item.tone === "danger" ? "text-danger" : "text-muted")} /> : null}
                {item.label}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
