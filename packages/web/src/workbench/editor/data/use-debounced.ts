/** A value that follows `value` after `ms` of quiet (typing in a filter or search box). */
import { useEffect, useRef } from "react";

/** Calls `commit(value)` once `value` has stayed the same for `ms`; a change meanwhile restarts the wait. */
export function useDebouncedCommit<T>(value: T, ms: number, commit: (value: T) => void, skip: boolean): void {
  const commitRef = useRef(commit);
  commitRef.current = commit;
  useEffect(() => {
    if (skip) return;
    const timer = setTimeout(() => commitRef.current(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms, skip]);
}
