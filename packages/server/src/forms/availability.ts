/** Whether a form takes answers now (spec 1 §8 load errors), checked on load and on submit. */
import { FieldworkError, type ErrorCode } from "@fieldwork/core";
import type { Selectable } from "kysely";
import type { FormTable } from "../db/schema";

type FormSettings = Pick<
  Selectable<FormTable>,
  "is_force_closed" | "is_scheduling_enabled" | "scheduling_open_at" | "scheduling_close_at" |
  "max_form_responses_in_total" | "response_count"
>;

/** The load error for a form that takes no answers now, or null. */
export function closedReason(form: FormSettings, now: Date, moment: "load" | "submit"): ErrorCode | null {
  if (form.is_force_closed) return moment === "load" ? "FORM_FORCE_CLOSED" : "FORM_CLOSED_WHILE_RESPONDING";
  if (form.is_scheduling_enabled) {
    const open = form.scheduling_open_at, close = form.scheduling_close_at;
    if ((open && now < open) || (close && now >= close)) return "FORM_SCHEDULE_NOT_IN_RANGE";
  }
  if (form.max_form_responses_in_total !== null && form.response_count >= form.max_form_responses_in_total) {
    return "FORM_RESPONSE_LIMIT_REACHED";
  }
  return null;
}

/**
 * Closing and schedule at a submit. The total limit is left to the submit's batch, which
 * counts under the form row's lock (batch-plan.ts).
 */
export function closedAtSubmit(form: Omit<FormSettings, "max_form_responses_in_total">, now: Date): ErrorCode | null {
  return closedReason({ ...form, max_form_responses_in_total: null }, now, "submit");
}

/** Refuses a submit to a closed or out-of-schedule form (the form row may come from the cache). */
export function assertOpen(form: FormSettings, now: Date): void {
  const reason = closedAtSubmit(form, now);
  if (reason) throw new FieldworkError(reason);
}
