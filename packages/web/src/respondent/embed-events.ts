/**
 * Messages to the embedding page (spec 1 §7): nothing happens unless the form runs in a
 * frame; then embed-bridge.ts (its own chunk, off the first load) builds and posts them, in
 * the order of the calls: `form_view_loaded` once the form is interactive, `submit` with a
 * submit's outcome (the bridge sees the start itself). The first load pays only for this
 * function (bundle-budget.test.ts).
 */
import type { SubmitOutcome } from "./submit-outcome";

export function notifyParent(type: "form_view_loaded" | "submit", form_id: string, outcome?: SubmitOutcome): void {
  if (window.parent !== window) import("./embed-bridge").then((bridge) => bridge.post(type, form_id, outcome), () => undefined);
}
