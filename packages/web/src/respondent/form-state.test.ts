import { describe, expect, it } from "vitest";
import { formReducer, initFormState, sectionProgress } from "./form-state";

const start = () => initFormState({ section_ids: ["s1", "s2", "s3"], payment_section_ids: [], session_id: null });

describe("formReducer", () => {
  it("starts non-interactive on the first section, then becomes interactive when mounted", () => {
    const state = start();
    expect(state).toMatchObject({ interactive: false, nav: { current_section_id: "s1" } });
    expect(formReducer(state, { type: "mounted", utc_offset: 60 })).toMatchObject({ interactive: true, utc_offset: 60 });
  });

  it("keeps the fields its own checks refused, each with its message, until the section advances", () => {
    const field_errors = [{ field: "email", code: "INVALID_FIELD_VALUE" as const, message: "Enter an email address." }];
    const invalid = formReducer(start(), { type: "invalid", field_errors });
    expect(invalid.field_errors).toEqual(field_errors);
    expect(invalid.nav.current_section_id).toBe("s1");
    const next = formReducer(invalid, { type: "next" });
    expect(next).toMatchObject({ field_errors: null, nav: { current_section_id: "s2" } });
  });

  it("leaves the submitting state with the error to show in the badge", () => {
    const submitting = formReducer(start(), { type: "submit_start" });
    expect(submitting.nav.is_submitting).toBe(true);
    const failed = formReducer(submitting, { type: "submit_failed", error: { code: "INVALID_OPTION", message: "x" } });
    expect(failed).toMatchObject({ nav: { is_submitting: false }, error: { code: "INVALID_OPTION" } });
    expect(formReducer(failed, { type: "dismiss_error" }).error).toBeNull();
  });

  it("shows the section of the first refused field, with each field's message", () => {
    const onLast = formReducer(formReducer(start(), { type: "next" }), { type: "next" });
    const field_errors = [{ field: "email", code: "INVALID_FIELD_VALUE" as const, message: "Enter an email address." }];
    const failed = formReducer(formReducer(onLast, { type: "submit_start" }), {
      type: "submit_failed", error: { code: "INVALID_FIELD_VALUE", message: "x", field_errors }, section_id: "s1",
    });
    expect(failed).toMatchObject({ nav: { current_section_id: "s1", is_submitting: false }, error: { field_errors } });
    // A section the form does not have (or none found) leaves the visitor where they are.
    const unknown = formReducer(formReducer(onLast, { type: "submit_start" }), { type: "submit_failed", error: { code: "INVALID_FIELD_VALUE", message: "x" }, section_id: "nope" });
    expect(unknown.nav.current_section_id).toBe("s3");
  });

  it("starts with the refusal of a native submit the server answered with the form again", () => {
    const error = { code: "REQUIRED_FIELD_MISSING", message: "m", field_errors: [{ field: "name", code: "REQUIRED_FIELD_MISSING" as const, message: "This field is required." }] };
    expect(initFormState({ section_ids: [], payment_section_ids: [], session_id: null, error }).error).toEqual(error);
  });

  it("keeps the session id and visitor id for the hidden inputs", () => {
    let state = formReducer(start(), { type: "session", session_id: "s_1" });
    state = formReducer(state, { type: "visitor", visitor_id: "v_1" });
    expect(state).toMatchObject({ session_id: "s_1", visitor_id: "v_1" });
  });

  it("reports the progress as position and total", () => {
    expect(sectionProgress(formReducer(start(), { type: "next" }).nav)).toEqual({ position: 2, total: 3 });
  });

  it("skips hidden sections and moves off the current one when answers hide it", () => {
    const hiding = initFormState({ section_ids: ["s1", "s2", "s3"], payment_section_ids: [], session_id: null, hidden_section_ids: ["s2"] });
    const onS3 = formReducer(hiding, { type: "next" });
    expect(onS3.nav.current_section_id).toBe("s3");
    expect(sectionProgress(onS3.nav)).toEqual({ position: 2, total: 2 });
    const shown = formReducer(hiding, { type: "hidden_sections", hidden_section_ids: [] });
    expect(sectionProgress(shown.nav)).toEqual({ position: 1, total: 3 });
    const onS2 = formReducer(shown, { type: "next" });
    expect(formReducer(onS2, { type: "hidden_sections", hidden_section_ids: ["s2"] }).nav.current_section_id).toBe("s3");
    expect(formReducer(onS2, { type: "hidden_sections", hidden_section_ids: [] })).toBe(onS2);
  });

  it("does not show a hidden section for a refused submit", () => {
    const onS3 = formReducer(initFormState({ section_ids: ["s1", "s2", "s3"], payment_section_ids: [], session_id: null, hidden_section_ids: ["s2"] }), { type: "next" });
    const failed = formReducer(formReducer(onS3, { type: "submit_start" }), { type: "submit_failed", error: { code: "INVALID_FIELD_VALUE", message: "x" }, section_id: "s2" });
    expect(failed.nav.current_section_id).toBe("s3");
  });
});
