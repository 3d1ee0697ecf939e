import { describe, expect, it } from "vitest";
import { loadOutcome, refusedSubmitBadge } from "./outcomes";
import { submitOutcome } from "./submit-outcome";
import { samplePreload } from "../fixtures/sample-preload";

describe("submitOutcome", () => {
  it("goes to data.redirect on success", () => {
    const body = { data: { id: "r", local_index: 1, redirect: "/d/e/f1/complete?x=1" }, error: null };
    expect(submitOutcome("f1", body)).toEqual({ kind: "complete", redirect: "/d/e/f1/complete?x=1" });
  });

  it("never navigates to a script URL: an unsafe redirect goes to the completion page", () => {
    for (const redirect of ["javascript:alert(document.cookie)", " JAVASCRIPT:alert(1)", "data:text/html,<script>x</script>", "//evil.example"]) {
      const body = { data: { id: "r", local_index: 7, redirect }, error: null };
      expect(submitOutcome("f1", body), redirect).toEqual({ kind: "complete", redirect: "/d/e/f1/complete?response=7" });
    }
    const external = { data: { id: "r", local_index: 7, redirect: "https://example.com/thanks" }, error: null };
    expect(submitOutcome("f1", external)).toEqual({ kind: "complete", redirect: "https://example.com/thanks" });
  });

  it("goes to the error's page when the catalogue gives it one other than badrequest", () => {
    expect(submitOutcome("f1", { data: null, error: { code: "FORM_SOLD_OUT", message: "m" } })).toEqual({ kind: "redirect", url: "/d/e/f1/formsoldout" });
    expect(submitOutcome("f1", { data: null, error: { code: "FORM_FORCE_CLOSED", message: "m" } })).toEqual({
      kind: "redirect", url: "/d/e/f1/formclosed?oops=FORM_CLOSED_WHILE_RESPONDING",
    });
  });

  it("carries alreadyresponded's page query (fingerprint, customer, session) from a submit or a load", () => {
    const error = { code: "FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED", message: "m", page_query: { fingerprint: "v1", customer_id: "c1", session_id: "s1" } };
    const url = "/d/e/f1/alreadyresponded?fingerprint=v1&customer_id=c1&session_id=s1";
    expect(submitOutcome("f1", { data: null, error })).toEqual({ kind: "redirect", url });
    expect(loadOutcome("f1", { data: null, error })).toEqual({ kind: "redirect", url });
  });

  it("shows badrequest errors in the badge with their fields", () => {
    const body = { data: null, error: { code: "MISSING_REQUIRED_HIDDEN_FIELDS", message: "Missing", fields: ["ref"] } };
    expect(submitOutcome("f1", body)).toEqual({ kind: "badge", error: { code: "MISSING_REQUIRED_HIDDEN_FIELDS", message: "Missing", fields: ["ref"] } });
  });

  it("shows an unreadable answer as INTERNAL_SERVER_ERROR", () => {
    expect(submitOutcome("f1", "<html>")).toMatchObject({ kind: "badge", error: { code: "INTERNAL_SERVER_ERROR" } });
  });
});

describe("loadOutcome", () => {
  it("accepts the preload wrapped in data or bare", () => {
    const preload = samplePreload();
    expect(loadOutcome("f_sample", { data: preload, error: null })).toEqual({ kind: "ready", preload });
    expect(loadOutcome("f_sample", preload)).toEqual({ kind: "ready", preload });
  });

  it("redirects a load error by code and shows not-found for codes without a page", () => {
    const closed = samplePreload({ error: { code: "FORM_SCHEDULE_NOT_IN_RANGE", message: "m" } });
    expect(loadOutcome("f_sample", { data: closed, error: null })).toEqual({ kind: "redirect", url: "/d/e/f_sample/formclosed?oops=FORM_SCHEDULE_NOT_IN_RANGE" });
    expect(loadOutcome("f_sample", { data: null, error: { code: "FORM_NOT_FOUND", message: "m" } })).toEqual({ kind: "notfound" });
    expect(loadOutcome("f_sample", null)).toEqual({ kind: "notfound" });
  });
});

describe("a refused answer", () => {
  const field_errors = [
    { field: "email", code: "INVALID_FIELD_VALUE", message: "Enter an email address." },
    { field: "age", code: "INVALID_FIELD_VALUE", message: "Must be 10 or less." },
  ];

  it("stays on the form with each field's message for the fields and the badge", () => {
    const body = { data: null, error: { code: "INVALID_FIELD_VALUE", message: "email not an email address.", fields: ["email", "age"], field_errors } };
    expect(submitOutcome("f1", body)).toEqual({
      kind: "badge",
      error: { code: "INVALID_FIELD_VALUE", message: "email not an email address.", fields: ["email", "age"], field_errors },
    });
  });

  it("drops field errors it cannot read instead of showing them", () => {
    const junk = [null, "email", { field: "x", code: "FORM_SOLD_OUT", message: "m" }, { field: 1, code: "INVALID_OPTION", message: "m" }, field_errors[0]];
    const outcome = submitOutcome("f1", { data: null, error: { code: "INVALID_FIELD_VALUE", message: "m", field_errors: junk } });
    expect(outcome).toMatchObject({ kind: "badge", error: { field_errors: [field_errors[0]] } });
    const none = submitOutcome("f1", { data: null, error: { code: "INVALID_FIELD_VALUE", message: "m", field_errors: "everything" } });
    expect(none).toEqual({ kind: "badge", error: { code: "INVALID_FIELD_VALUE", message: "m" } });
  });

  it("comes back with the page of a native submit the server refused", () => {
    const preload = samplePreload({ submit_error: { code: "INVALID_FIELD_VALUE", message: "m", field_errors: [field_errors[1]!] } as never });
    expect(refusedSubmitBadge(preload)).toEqual({ code: "INVALID_FIELD_VALUE", message: "m", field_errors: [field_errors[1]] });
    expect(refusedSubmitBadge(samplePreload())).toBeNull();
  });
});
