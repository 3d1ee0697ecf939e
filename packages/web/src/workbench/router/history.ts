/**
 * A tiny router on the History API: `navigate()` pushes (or replaces) a path and tells the
 * subscribers; `useLocation()` re-renders on those and on Back/Forward.
 */
import { useSyncExternalStore } from "react";

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("popstate", notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("popstate", notify);
  };
}

/** Asked before an in-app navigation (unsaved editor writes); `false` stays on the page. */
let leaveGuard: (() => boolean) | null = null;

export function setLeaveGuard(guard: (() => boolean) | null): void {
  leaveGuard = guard;
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const current = location.pathname + location.search + location.hash;
  if (to === current) return;
  if (leaveGuard && !leaveGuard()) return;
  if (options.replace) history.replaceState(null, "", to);
  else history.pushState(null, "", to);
  notify();
  window.scrollTo(0, 0);
}

export interface CurrentLocation {
  pathname: string;
  search: string;
}

const snapshot = () => location.pathname + location.search;

export function useLocation(): CurrentLocation {
  const href = useSyncExternalStore(subscribe, snapshot, () => "/");
  const url = new URL(href, "http://local");
  return { pathname: url.pathname, search: url.search };
}

/** A click the router should handle itself: primary button, no modifier, same tab. */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean }, target?: string | null): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && (!target || target === "_self");
}
