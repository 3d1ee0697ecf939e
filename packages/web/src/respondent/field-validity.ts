/**
 * The form's own checks with JavaScript: the `<form>` is `noValidate` once interactive, so
 * the browser shows no bubbles; its constraint validation still finds the refused controls
 * (the same `required`, `pattern`, `min`… the no-JavaScript page gives it), and each refused
 * field gets the sentence the server would send (core's field-messages.ts, in the form's
 * language), shown under the field like a refused submit.
 */
import type { FieldError, FieldMessages, FieldProblem, FormField } from "@fieldwork/core";

/** The sentence a visitor reads for a problem, in the form's language. */
export type Wording = (type: FormField["type"], problem: FieldProblem) => string;

/** core's `problemMessage`, which words a problem with the catalogue it is given. */
type ProblemWording = (type: FormField["type"], problem: FieldProblem, messages: FieldMessages) => string;

let wording: ProblemWording | null = null;
let loading: Promise<ProblemWording | null> | null = null;

/**
 * Core's wording, loaded once (field-wording.ts); null when it cannot be fetched (offline),
 * and the browser's own sentence stands in under the field.
 */
export function fieldWording(): ProblemWording | null | Promise<ProblemWording | null> {
  if (wording) return wording;
  loading ??= import("./field-wording").then(
    (m) => (wording = m.problemMessage),
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

/** The wording in `messages` (the form's catalogue), or null while core's is not loaded. */
export const wordingIn = (problem: ProblemWording | null, messages: FieldMessages): Wording | null =>
  problem ? (type, p) => problem(type, p, messages) : null;

const CONTROLS = "input, select, textarea";
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Why the browser refuses `control`, in core's terms. */
export function problemOf(field: Pick<FormField, "type" | "min" | "max" | "step">, control: Control): FieldProblem {
  const v = control.validity;
  if (v.valueMissing) return { kind: "required" };
  if (v.typeMismatch) return field.type === "email" ? { kind: "email" } : field.type === "url" ? { kind: "url" } : { kind: "not_type" };
  if (v.patternMismatch) return { kind: "pattern" };
  if (v.tooLong) return { kind: "too_long", max: (control as HTMLInputElement).maxLength };
  if (v.rangeUnderflow) return { kind: "below", min: field.min ?? (control as HTMLInputElement).min };
  if (v.rangeOverflow) return { kind: "above", max: field.max ?? (control as HTMLInputElement).max };
  if (v.stepMismatch) return { kind: "step", step: field.step ?? Number((control as HTMLInputElement).step) };
  return { kind: "not_type" };
}

/** The server's code for a problem (core's fieldFailure; not imported, it would bring the pattern engine). */
const codeOf = (problem: FieldProblem): FieldError["code"] => (problem.kind === "required" ? "REQUIRED_FIELD_MISSING" : "INVALID_FIELD_VALUE");

/**
 * The refused fields among the controls under `scope` (a section, or the whole form), in
 * document order, one per field, with the control to focus for each. Controls in a section
 * logic hides are not the visitor's to fix and are left to the server.
 */
export function refusedFields(
  scope: HTMLElement, fields: ReadonlyMap<string, FormField>, word: Wording | null, hidden_section_ids: readonly string[] = [],
): { errors: FieldError[]; first: Control | null } {
  const errors: FieldError[] = [];
  let first: Control | null = null;
  for (const control of scope.querySelectorAll<Control>(CONTROLS)) {
    if (!control.willValidate || control.checkValidity()) continue;
    const section = control.closest<HTMLElement>("[data-section-id]")?.dataset.sectionId;
    if (section && hidden_section_ids.includes(section)) continue;
    const field = fields.get(control.name);
    if (!field || errors.some((e) => e.field === field.name)) continue;
    const problem = problemOf(field, control);
    errors.push({ field: field.name, code: codeOf(problem), message: word ? word(field.type, problem) : control.validationMessage });
    first ??= control;
  }
  return { errors, first };
}
