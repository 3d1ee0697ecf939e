/**
 * The browser fingerprint's visitor id (spec 1 §6). fingerprintjs is a separate chunk
 * (about 14 kB compressed) that nothing on screen needs: it is fetched only after the
 * page's load event, when the browser is idle (after-load.ts), so it never competes with
 * the first visit. Failures are ignored; the hidden input then stays empty.
 */
import { useEffect, type Dispatch } from "react";
import { afterLoadAndIdle } from "./after-load";
import type { FormAction } from "./form-state";

export async function loadVisitorId(): Promise<string> {
  const fingerprint = await import("@fingerprintjs/fingerprintjs");
  const agent = await fingerprint.load({ monitoring: false }); // no request to its CDN (connect-src is self)
  return (await agent.get()).visitorId;
}

export function useVisitorId(dispatch: Dispatch<FormAction>): void {
  useEffect(() => {
    let cancelled = false;
    const cancel = afterLoadAndIdle(() => {
      loadVisitorId()
        .then((visitor_id) => {
          if (!cancelled) dispatch({ type: "visitor", visitor_id });
        })
        .catch(() => undefined);
    });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [dispatch]);
}
