/** What each workbench form checks before it calls the server (the server checks again). */
import { DOCTYPES, formTemplate, isRole, LIMITS, slugProblem } from "@fieldwork/core";
import type { FieldErrors } from "./form-state";

export const MIN_PASSWORD_LENGTH = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailProblem(email: string, missing = "Enter your email address."): string | undefined {
  if (!email.trim()) return missing;
  if (!EMAIL.test(email.trim())) return "Enter a valid email address, like ada@example.com.";
}

export interface SignInValues extends Record<string, string> { email: string; password: string }
export function validateSignIn(v: SignInValues): FieldErrors<SignInValues> {
  return { email: emailProblem(v.email), password: v.password ? undefined : "Enter your password." };
}

export interface SignUpValues extends Record<string, string> { name: string; email: string; password: string }
export function validateSignUp(v: SignUpValues): FieldErrors<SignUpValues> {
  return {
    name: v.name.trim() ? undefined : "Enter your name.",
    email: emailProblem(v.email),
    password: v.password.length >= MIN_PASSWORD_LENGTH ? undefined : `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  };
}

export interface NewOrganizationValues extends Record<string, string> { display_name: string; name: string }
export function validateNewOrganization(v: NewOrganizationValues): FieldErrors<NewOrganizationValues> {
  return { name: slugProblem(v.name) ?? undefined, display_name: v.display_name.length > 80 ? "Use at most 80 characters." : undefined };
}

/** Renaming an organization: a display name is required here (creating defaults it to the URL name). */
export function validateOrganizationSettings(v: NewOrganizationValues): FieldErrors<NewOrganizationValues> {
  const errors = validateNewOrganization(v);
  return { ...errors, display_name: v.display_name.trim() ? errors.display_name : "Enter the organization's name." };
}

export interface NewProjectValues extends Record<string, string> { name: string }
export function validateNewProject(v: NewProjectValues): FieldErrors<NewProjectValues> {
  return { name: slugProblem(v.name) ?? undefined };
}

/** `template` is a starter form's id, or "" for a blank one. */
export interface NewDocumentValues extends Record<string, string> { doctype: string; title: string; template: string }
export function validateNewDocument(v: NewDocumentValues): FieldErrors<NewDocumentValues> {
  return {
    doctype: (DOCTYPES as readonly string[]).includes(v.doctype) ? undefined : "Choose a document type.",
    title: !v.title.trim() ? "Give the document a title." : v.title.length > LIMITS.title_length ? `Use at most ${LIMITS.title_length} characters.` : undefined,
    template: v.template === "" || formTemplate(v.template) ? undefined : "Choose a starting point.",
  };
}


export interface InviteMemberValues extends Record<string, string> { email: string; role: string }
/** `memberEmails`: who is already in the organization (their role is changed from the list instead). */
export function validateInviteMember(v: InviteMemberValues, memberEmails: readonly string[] = []): FieldErrors<InviteMemberValues> {
  const email = v.email.trim().toLowerCase();
  return {
    email: emailProblem(v.email, "Enter the email address of their account.")
      ?? (memberEmails.some((e) => e.toLowerCase() === email) ? "Already a member. Change their role from the list." : undefined),
    role: isRole(v.role) ? undefined : "Choose a role.",
  };
}

export interface InviteLinkValues extends Record<string, string> { label: string; role: string }
export function validateInviteLink(v: InviteLinkValues): FieldErrors<InviteLinkValues> {
  return { label: v.label.trim().length > 100 ? "Use at most 100 characters." : undefined, role: isRole(v.role) ? undefined : "Choose a role." };
}

export interface NewApiKeyValues extends Record<string, string> { name: string; role: string; expires_in_days: string }
export function validateNewApiKey(v: NewApiKeyValues): FieldErrors<NewApiKeyValues> {
  return {
    name: !v.name.trim() ? "Name the key after what uses it, like “CI deploy”." : v.name.trim().length > 100 ? "Use at most 100 characters." : undefined,
    role: isRole(v.role) ? undefined : "Choose a role.",
    expires_in_days: v.expires_in_days === "" || /^[1-9]\d{0,3}$/.test(v.expires_in_days) ? undefined : "Choose when the key expires.",
  };
}

export interface RenameDocumentValues extends Record<string, string> { title: string }
export function validateRenameDocument(v: RenameDocumentValues): FieldErrors<RenameDocumentValues> {
  return { title: validateNewDocument({ doctype: "v0_form", title: v.title, template: "" }).title };
}

export interface ProfileValues extends Record<string, string> { display_name: string }
export function validateProfile(v: ProfileValues): FieldErrors<ProfileValues> {
  const name = v.display_name.trim();
  return { display_name: !name ? "Enter the name others see." : name.length > LIMITS.display_name_length ? `Use at most ${LIMITS.display_name_length} characters.` : undefined };
}

export interface ChangePasswordValues extends Record<string, string> { current: string; next: string; confirm: string }
export function validateChangePassword(v: ChangePasswordValues): FieldErrors<ChangePasswordValues> {
  return {
    current: v.current ? undefined : "Enter your current password.",
    next: v.next.length < MIN_PASSWORD_LENGTH ? `Use at least ${MIN_PASSWORD_LENGTH} characters.` : v.next === v.current ? "Choose a password different from the current one." : undefined,
    confirm: v.confirm === v.next ? undefined : "The passwords do not match.",
  };
}

/** better-auth's `INVALID_PASSWORD` (a wrong current password) belongs under that field. */
export const passwordErrorField = <K extends string>(field: K) => (code: string): K | null => (code === "INVALID_PASSWORD" ? field : null);

/** A slug suggested from a display name: "Acme Research, Inc." → "acme-research-inc". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 39)
    .replace(/-+$/, "");
}

/** Server error codes that belong under the name field. */
export const nameErrorField = <K extends string>(field: K) => (code: string): K | null =>
  code === "NAME_TAKEN" || code === "NAME_INVALID" ? field : null;

/** `USER_NOT_FOUND` ("No account has this email address.") belongs under the email field. */
export const userErrorField = <K extends string>(field: K) => (code: string): K | null => (code === "USER_NOT_FOUND" ? field : null);
