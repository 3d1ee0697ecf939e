/**
 * A tiny router on the History API: `navigate()` pushes (or replaces) a path and tells the
 * subscribers; `useLocation()` re-renders on those and on Back/Forward.
 *
 * A leave guard (the editor's unsaved writes) is asked before an in-app navigation and on
 * Back/Forward. The browser has already moved when `popstate` fires, so each entry this
 * router writes carries its position (`fw_index`); when the guard says no, the router goes
 * back by the steps the browser took (`restoreAfterRefusedPop`) and the page never sees the
 * other URL: `useLocation()` reads the location the router committed, not `location`.
 */
import { useSyncExternalStore } from "react";

/** What this router keeps in `history.state`. */
interface RouterState {
  fw_index: number;
}

/** The position an entry's state carries, or null for entries this router did not write. */
export function indexOfState(state: unknown): number | null {
  const index = typeof state === "object" && state !== null ? (state as Partial<RouterState>).fw_index : undefined;
  return typeof index === "number" && Number.isInteger(index) ? index : null;
}

/** How to return to the committed entry after a refused Back/Forward. */
export type PopRestore = { type: "go"; delta: number } | { type: "push" };

/**
 * From the committed entry's position and the one the browser arrived at: go back by the
 * difference (Back by one is undone by `history.go(1)`), or, when the arrived entry has no
 * position, push the committed URL again.
 */
export function restoreAfterRefusedPop(committed: number, arrived: number | null): PopRestore {
  return arrived === null || arrived === committed ? { type: "push" } : { type: "go", delta: committed - arrived };
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The committed entry: its path + search (what useLocation gives), full href and position. */
let committed: { path: string; href: string; index: number } | null = null;
/** True while the router's own `history.go` (undoing a refused Back/Forward) is under way. */
let restoring = false;

function current() {
  if (!committed) {
    const index = indexOfState(history.state) ?? 0;
    if (indexOfState(history.state) === null) history.replaceState({ fw_index: index } satisfies RouterState, "");
    committed = { path: location.pathname + location.search, href: location.pathname + location.search + location.hash, index };
  }
  return committed;
}

function commit(index: number) {
  committed = { path: location.pathname + location.search, href: location.pathname + location.search + location.hash, index };
}

function onPopState() {
  const from = current();
  const arrived = indexOfState(history.state);
  if (restoring) {
    restoring = false;
    commit(arrived ?? from.index);
    return;
  }
  const samePage = location.pathname + location.search === from.path; // a #fragment only
  if (!samePage && leaveGuard && !leaveGuard()) {
    const restore = restoreAfterRefusedPop(from.index, arrived);
    if (restore.type === "go") {
      restoring = true;
      history.go(restore.delta);
    } else {
      history.pushState({ fw_index: from.index + 1 } satisfies RouterState, "", from.href);
      commit(from.index + 1);
    }
    return;
  }
  commit(arrived ?? from.index);
  notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("popstate", onPopState);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("popstate", onPopState);
  };
}

/** Asked before an in-app navigation and on Back/Forward (unsaved editor writes); `false` stays on the page. */
let leaveGuard: (() => boolean) | null = null;

export function setLeaveGuard(guard: (() => boolean) | null): void {
  leaveGuard = guard;
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const from = current();
  if (to === location.pathname + location.search + location.hash) return;
  if (leaveGuard && !leaveGuard()) return;
  const index = options.replace ? from.index : from.index + 1;
  if (options.replace) history.replaceState({ fw_index: index } satisfies RouterState, "", to);
  else history.pushState({ fw_index: index } satisfies RouterState, "", to);
  commit(index);
  notify();
  window.scrollTo(0, 0);
}

export interface CurrentLocation {
  pathname: string;
  search: string;
}

const snapshot = () => current().path;

export function useLocation(): CurrentLocation {
  const href = useSyncExternalStore(subscribe, snapshot, () => "/");
  const url = new URL(href, "http://local");
  return { pathname: url.pathname, search: url.search };
}

/** A click the router should handle itself: primary button, no modifier, same tab. */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean }, target?: string | null): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && (!target || target === "_self");
}
