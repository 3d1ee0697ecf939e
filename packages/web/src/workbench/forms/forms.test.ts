import { describe, expect, it } from "vitest";
import { formReducer, hasErrors, initForm } from "./form-state";
import { slugify, validateNewDocument, validateNewOrganization, validateSignIn, validateSignUp } from "./validation";

describe("formReducer", () => {
  const start = initForm({ email: "", password: "" });

  it("clears a field's error and the form message when that field changes", () => {
    const failed = formReducer(start, { type: "failed", message: "Invalid email or password", errors: { email: "Bad", password: "Bad" } });
    const changed = formReducer(failed, { type: "change", field: "email", value: "a@b.c" });
    expect(changed).toMatchObject({ values: { email: "a@b.c" }, errors: { password: "Bad" }, message: null });
  });

  it("is submitting between submit and failure", () => {
    const submitting = formReducer(start, { type: "submit" });
    expect(submitting.submitting).toBe(true);
    expect(formReducer(submitting, { type: "failed", message: "Too many attempts, wait a minute" })).toMatchObject({ submitting: false, message: "Too many attempts, wait a minute" });
  });
});

describe("validation", () => {
  it("asks for an email and a password to sign in", () => {
    expect(hasErrors(validateSignIn({ email: "ada@example.com", password: "x" }))).toBe(false);
    expect(validateSignIn({ email: "ada", password: "" })).toMatchObject({ email: expect.stringMatching(/valid email/), password: expect.any(String) });
  });

  it("needs a name and 8 characters of password to sign up", () => {
    expect(validateSignUp({ name: " ", email: "a@b.co", password: "1234567" })).toMatchObject({ name: expect.any(String), password: "Use at least 8 characters." });
    expect(hasErrors(validateSignUp({ name: "Ada", email: "a@b.co", password: "12345678" }))).toBe(false);
  });

  it("checks organization names with core's slugProblem", () => {
    expect(validateNewOrganization({ name: "Acme", display_name: "" }).name).toMatch(/lowercase/);
    expect(validateNewOrganization({ name: "api", display_name: "" }).name).toMatch(/reserved/);
    expect(hasErrors(validateNewOrganization({ name: "acme", display_name: "Acme" }))).toBe(false);
  });

  it("accepts the five doctypes and a title", () => {
    expect(hasErrors(validateNewDocument({ doctype: "v0_canvas", title: "Board" }))).toBe(false);
    expect(validateNewDocument({ doctype: "v0_sheet", title: "" })).toMatchObject({ doctype: expect.any(String), title: expect.any(String) });
  });

  it("suggests a slug from a display name", () => {
    expect(slugify("Acme Research, Inc.")).toBe("acme-research-inc");
    expect(slugify("Crème brûlée")).toBe("creme-brulee");
    expect(slugify("x".repeat(50))).toHaveLength(39);
  });
});
