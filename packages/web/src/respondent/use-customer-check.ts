/**
 * The load call with the fingerprint (spec 2 §7): once the visitor id is known, a form with
 * a per-customer limit asks `GET /v1/{form_id}` again with it, so a visitor who has already
 * answered goes to `alreadyresponded` before filling anything in, not after submitting.
 * Forms without that limit make no extra request. The call carries the page's URL parameters,
 * as the first load did: without them a required hidden field supplied in the link would be
 * missing and a valid visitor sent to `badrequest`.
 */
import { useEffect } from "react";
import { PARAM } from "@fieldwork/core";
import { fetchPreload } from "./api";
import { loadOutcome } from "./outcomes";

export function useCustomerCheck(
  form_id: string, limited: boolean, session_id: string | null, visitor_id: string | null, query: Readonly<Record<string, string>>,
): void {
  useEffect(() => {
    if (!limited || !session_id || !visitor_id) return;
    const controller = new AbortController();
    const { [PARAM.session]: _session, ...params } = query;
    fetchPreload(form_id, session_id, { ...params, [PARAM.visitor_id]: visitor_id }, controller.signal)
      .then((body) => {
        const outcome = loadOutcome(form_id, body);
        if (outcome.kind === "redirect") location.assign(outcome.url);
      })
      .catch(() => undefined); // the submit checks the limit again
    return () => controller.abort();
  }, [form_id, limited, session_id, visitor_id, query]);
}
