/**
 * What the form does with a submit's answer (or its failure), loaded with the first submit
 * (use-form-submit.ts imports it while the answers are on their way): go to the completion
 * page or an error page, or show the refusal, each refused field's message under it, its
 * section shown and its control focused (spec 1 §5).
 */
import type { Dispatch } from "react";
import { flushSync } from "react-dom";
import { notifyParent } from "./embed-events";
import type { FieldError } from "@fieldwork/core";
import type { FormAction } from "./form-state";
import { NETWORK_ERROR } from "./outcomes";
import { clearStoredSession } from "./session-store";
import { submitOutcome, type SubmitOutcome } from "./submit-outcome";

/** `answer`: the JSON body of the submit, or null when the request failed. */
export function carryOutAnswer(form: HTMLFormElement, form_id: string, answer: unknown, dispatch: Dispatch<FormAction>): void {
  const outcome: SubmitOutcome = answer === null ? { kind: "badge", error: NETWORK_ERROR } : submitOutcome(form_id, answer);
  notifyParent("submit", form_id, outcome);
  switch (outcome.kind) {
    case "complete":
      clearStoredSession(form_id);
      location.assign(outcome.redirect);
      return;
    case "redirect":
      location.assign(outcome.url);
      return;
    case "badge": {
      // The refused field's section is shown first (synchronously), then its control takes focus.
      const { field_errors } = outcome.error;
      flushSync(() => dispatch({ type: "submit_failed", error: outcome.error, section_id: refusedSection(form, field_errors) }));
      firstRefusedControl(form, field_errors)?.focus();
    }
  }
}

/** The section holding the first refused field of `errors`, read from the form's markup, or null. */
export function refusedSection(form: HTMLFormElement, errors: readonly FieldError[] | undefined): string | null {
  const first = errors?.[0];
  if (!first) return null;
  const field = form.querySelector(`[data-field="${CSS.escape(first.field)}"]`);
  return field?.closest<HTMLElement>("[data-section-id]")?.dataset.sectionId ?? null;
}

/** The control of the first refused field of `errors` in the form's markup (to take focus), or null. */
export function firstRefusedControl(form: HTMLFormElement, errors: readonly FieldError[] | undefined): HTMLElement | null {
  const first = errors?.[0];
  if (!first) return null;
  return form.querySelector<HTMLElement>(`[name="${CSS.escape(first.field)}"]:not([type=hidden])`)
    ?? form.querySelector<HTMLElement>(`[data-field="${CSS.escape(first.field)}"] :is(input, select, textarea, button)`);
}
