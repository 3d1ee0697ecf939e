/**
 * Submitting with JavaScript: the native post is replaced by a fetch of the same multipart
 * body with `Accept: application/json`, so errors can be shown in place (spec 1 §4.1).
 */
import { useCallback, type Dispatch, type FormEvent } from "react";
import { postSubmission } from "./api";
import { refusedSection } from "./field-errors";
import { notifyParent } from "./embed-events";
import { NETWORK_ERROR, submitOutcome, type SubmitOutcome } from "./outcomes";
import { clearStoredSession } from "./session-store";
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
      postSubmission(action, body)
        .then((answer) => submitOutcome(form_id, answer))
        .catch((): SubmitOutcome => ({ kind: "badge", error: NETWORK_ERROR }))
        .then((outcome) => {
          notifyParent("submit", form_id, outcome);
          switch (outcome.kind) {
            case "complete":
              clearStoredSession(form_id);
              location.assign(outcome.redirect);
              return;
            case "redirect":
              location.assign(outcome.url);
              return;
            case "badge":
              dispatch({ type: "submit_failed", error: outcome.error, section_id: refusedSection(form, outcome.error.field_errors) });
          }
        });
    },
    [form_id, action, dispatch, beforeSubmit],
  );
}
