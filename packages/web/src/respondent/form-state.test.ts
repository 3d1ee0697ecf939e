import { describe, expect, it } from "vitest";
import { MESSAGES } from "@fieldwork/core";
import { formReducer, initFormState, sectionProgress } from "./form-state";

const start = () => initFormState({ section_ids: ["s1", "s2", "s3"], payment_section_ids: [], session_id: null });

describe("formReducer", () => {
  it("starts non-interactive on the first section, then becomes interactive when mounted", () => {
    const state = start();
    expect(state).toMatchObject({ interactive: false, nav: { current_section_id: "s1" } });
    expect(formReducer(state, { type: "mounted", utc_offset: 60 })).toMatchObject({ interactive: true, utc_offset: 60 });
  });

  it("shows the invalid message and clears it when the section advances", () => {
    const invalid = formReducer(start(), { type: "invalid" });
    expect(invalid.alert).toBe(MESSAGES.form_invalid);
    expect(invalid.nav.current_section_id).toBe("s1");
    const next = formReducer(invalid, { type: "next" });
    expect(next).toMatchObject({ alert: null, nav: { current_section_id: "s2" } });
  });

  it("leaves the submitting state with the error to show in the badge", () => {
    const submitting = formReducer(start(), { type: "submit_start" });
    expect(submitting.nav.is_submitting).toBe(true);
    const failed = formReducer(submitting, { type: "submit_failed", error: { code: "INVALID_OPTION", message: "x" } });
    expect(failed).toMatchObject({ nav: { is_submitting: false }, error: { code: "INVALID_OPTION" } });
    expect(formReducer(failed, { type: "dismiss_error" }).error).toBeNull();
  });

  it("keeps the session id and visitor id for the hidden inputs", () => {
    let state = formReducer(start(), { type: "session", session_id: "s_1" });
    state = formReducer(state, { type: "visitor", visitor_id: "v_1" });
    expect(state).toMatchObject({ session_id: "s_1", visitor_id: "v_1" });
  });

  it("reports the progress as position and total", () => {
    expect(sectionProgress(formReducer(start(), { type: "next" }).nav)).toEqual({ position: 2, total: 3 });
  });
});
