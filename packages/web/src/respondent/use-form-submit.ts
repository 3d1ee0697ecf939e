/**
 * Submitting with JavaScript: the native post is replaced by a fetch of the same multipart
 * body with `Accept: application/json`, so errors can be shown in place (spec 1 §4.1).
 */
import { useCallback, type Dispatch, type FormEvent } from "react";
import { postSubmission } from "./api";
import { NETWORK_ERROR } from "./outcomes";
import type { FormAction } from "./form-state";

export function useFormSubmit(input: {
  form_id: string;
  action: string;
  is_submitting: boolean;
  dispatch: Dispatch<FormAction>;
  beforeSubmit: () => void;
  /** The page's own checks (field-validity.ts): false when a field is refused, which then shows why. */
  check: (form: HTMLFormElement) => Promise<boolean>;
}): (event: FormEvent<HTMLFormElement>) => void {
  const { is_submitting, check } = input;
  const post = usePost(input);
  return useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (is_submitting) return;
      const form = event.currentTarget;
      void check(form).then((ok) => {
        if (ok) post(form);
      });
    },
    [is_submitting, check, post],
  );
}

function usePost(input: { form_id: string; action: string; dispatch: Dispatch<FormAction>; beforeSubmit: () => void }): (form: HTMLFormElement) => void {
  const { form_id, action, dispatch, beforeSubmit } = input;
  return useCallback(
    (form: HTMLFormElement) => {
      const body = new FormData(form);
      beforeSubmit();
      dispatch({ type: "submit_start" });
      // The answer's handling loads while the answers are sent (it is not part of the first load).
      // A payment form pays: its answers go with the payment (payment/pay.ts, a lazy chunk).
      const sent = form.querySelector("[data-fw-payment]")
        ? import("./payment/pay").then((pay) => pay.payAndSubmit(form, form_id))
        : postSubmission(action, body);
      Promise.all([sent.catch(() => null), import("./submit-answer")])
        // A payment session refused by the server is swallowed (spec 1 §7): the submit just ends.
        .then(([answer, { carryOutAnswer }]) => (isSwallowed(answer) ? dispatch({ type: "submit_end" }) : carryOutAnswer(form, form_id, answer, dispatch)))
        .catch(() => dispatch({ type: "submit_failed", error: NETWORK_ERROR }));
    },
    [form_id, action, dispatch, beforeSubmit],
  );
}

/** payment/toss-checkout.ts's SWALLOWED (not imported: that chunk loads with Pay only). */
const isSwallowed = (answer: unknown) => typeof answer === "object" && answer !== null && (answer as { swallowed?: unknown }).swallowed === true;
