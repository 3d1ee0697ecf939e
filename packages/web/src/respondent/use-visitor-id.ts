/**
 * The browser fingerprint's visitor id (spec 1 §6), loaded after hydration when the page is
 * idle so it never delays the form: fingerprintjs is a separate chunk fetched on demand.
 * Failures are ignored; the hidden input then stays empty.
 */
import { useEffect, type Dispatch } from "react";
import type { FormAction } from "./form-state";

export async function loadVisitorId(): Promise<string> {
  const fingerprint = await import("@fingerprintjs/fingerprintjs");
  const agent = await fingerprint.load();
  return (await agent.get()).visitorId;
}

export function useVisitorId(dispatch: Dispatch<FormAction>): void {
  useEffect(() => {
    let cancelled = false;
    const run = () => {
      loadVisitorId()
        .then((visitor_id) => {
          if (!cancelled) dispatch({ type: "visitor", visitor_id });
        })
        .catch(() => undefined);
    };
    const idle = typeof requestIdleCallback === "function" ? requestIdleCallback(run, { timeout: 2000 }) : null;
    const timer = idle === null ? setTimeout(run, 200) : null;
    return () => {
      cancelled = true;
      if (idle !== null) cancelIdleCallback(idle);
      if (timer !== null) clearTimeout(timer);
    };
  }, [dispatch]);
}
