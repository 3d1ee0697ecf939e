/**
 * Core's sentences for refused answers (field-messages.ts), loaded by field-validity.ts after
 * the form is interactive rather than with it: the first load stays within its budget
 * (bundle-budget.test.ts) and the words are there before anyone presses Next.
 */
export { problemMessage } from "@fieldwork/core";
