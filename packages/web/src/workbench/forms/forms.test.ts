import { describe, expect, it } from "vitest";
import { formReducer, hasErrors, initForm } from "./form-state";
import {
  nameErrorField, passwordErrorField, slugify, userErrorField, validateChangePassword, validateInviteMember, validateNewApiKey, validateNewDocument, validateNewOrganization,
  validateProfile, validateRenameDocument, validateSignIn, validateSignUp,
} from "./validation";

describe("formReducer", () => {
  const start = initForm({ email: "", password: "" });

  it("clears a field's error and the form message when that field changes", () => {
    const failed = formReducer(start, { type: "failed", message: "Invalid email or password", errors: { email: "Bad", password: "Bad" } });
    const changed = formReducer(failed, { type: "change", field: "email", value: "a@b.c" });
    expect(changed).toMatchObject({ values: { email: "a@b.c" }, errors: { password: "Bad" }, message: null });
  });

  it("is not submitting once the action succeeded, keeping the values", () => {
    const submitted = formReducer(formReducer(initForm({ name: "acme" }), { type: "submit" }), { type: "succeeded" });
    expect(submitted).toMatchObject({ submitting: false, values: { name: "acme" } });
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
    expect(hasErrors(validateNewDocument({ doctype: "v0_canvas", title: "Board", template: "" }))).toBe(false);
    expect(validateNewDocument({ doctype: "v0_sheet", title: "", template: "" })).toMatchObject({ doctype: expect.any(String), title: expect.any(String) });
    expect(hasErrors(validateNewDocument({ doctype: "v0_form", title: "Orders", template: "order" }))).toBe(false);
    expect(validateNewDocument({ doctype: "v0_form", title: "Orders", template: "pizza" }).template).toBe("Choose a starting point.");
    expect(validateNewDocument({ doctype: "v0_form", title: "t".repeat(257), template: "" }).title).toBe("Use at most 256 characters.");
  });

  it("invites by the email of an account, with a role, and not someone already in", () => {
    expect(hasErrors(validateInviteMember({ email: "bo@example.com", role: "viewer" }))).toBe(false);
    expect(validateInviteMember({ email: "", role: "admin" })).toEqual({ email: "Enter the email address of their account.", role: "Choose a role." });
    expect(validateInviteMember({ email: " Bo@Example.com ", role: "editor" }, ["bo@example.com"]).email).toMatch(/Already a member/);
  });

  it("names API keys and gives them a role", () => {
    expect(hasErrors(validateNewApiKey({ name: "CI deploy", role: "viewer", expires_in_days: "" }))).toBe(false);
    expect(hasErrors(validateNewApiKey({ name: "CI deploy", role: "viewer", expires_in_days: "30" }))).toBe(false);
    expect(validateNewApiKey({ name: "  ", role: "", expires_in_days: "" })).toMatchObject({ name: expect.stringMatching(/Name the key/), role: "Choose a role." });
    expect(validateNewApiKey({ name: "x".repeat(101), role: "owner", expires_in_days: "" }).name).toMatch(/at most 100/);
    expect(validateNewApiKey({ name: "CI", role: "owner", expires_in_days: "-1" }).expires_in_days).toMatch(/Choose/);
  });

  it("needs a display name of at most 80 characters", () => {
    expect(validateProfile({ display_name: "  " }).display_name).toBe("Enter the name others see.");
    expect(validateProfile({ display_name: "x".repeat(81) }).display_name).toMatch(/at most 80/);
    expect(hasErrors(validateProfile({ display_name: "Ada King" }))).toBe(false);
  });

  it("changes a password with the current one, to a new, confirmed one of 8 characters", () => {
    expect(validateChangePassword({ current: "", next: "short", confirm: "other" })).toEqual({
      current: "Enter your current password.", next: "Use at least 8 characters.", confirm: "The passwords do not match.",
    });
    expect(validateChangePassword({ current: "same password", next: "same password", confirm: "same password" }).next).toMatch(/different/);
    expect(hasErrors(validateChangePassword({ current: "old password", next: "new password", confirm: "new password" }))).toBe(false);
    expect(passwordErrorField("current")("INVALID_PASSWORD")).toBe("current");
    expect(passwordErrorField("current")("TOO_MANY_REQUESTS")).toBeNull();
  });

  it("renames to a title that is not empty", () => {
    expect(validateRenameDocument({ title: " " }).title).toMatch(/title/);
    expect(hasErrors(validateRenameDocument({ title: "Signup v2" }))).toBe(false);
  });

  it("puts USER_NOT_FOUND under the email and name errors under the name", () => {
    expect(userErrorField("email")("USER_NOT_FOUND")).toBe("email");
    expect(userErrorField("email")("LAST_OWNER")).toBeNull();
    expect(nameErrorField("name")("NAME_TAKEN")).toBe("name");
  });

  it("suggests a slug from a display name", () => {
    expect(slugify("Acme Research, Inc.")).toBe("acme-research-inc");
    expect(slugify("Crème brûlée")).toBe("creme-brulee");
    expect(slugify("x".repeat(50))).toHaveLength(39);
  });
});
