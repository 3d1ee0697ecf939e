/**
 * The collapsing search box's one piece of state (spec 1 §2.3): collapsed to an icon, or
 * expanded. Focus (a click, a tap, Tab) expands it; leaving it collapses it only when it is
 * empty; Escape collapses it and leaves it (what it held stays, marked on the icon).
 */
export type SearchBoxEvent = { type: "focus" } | { type: "blur"; value: string } | { type: "escape" };

export function searchBoxExpanded(expanded: boolean, event: SearchBoxEvent): boolean {
  switch (event.type) {
    case "focus":
      return true;
    // After Escape the box is already collapsed, and the blur Escape causes keeps it so.
    case "blur":
      return expanded && event.value !== "";
    case "escape":
      return false;
  }
}
