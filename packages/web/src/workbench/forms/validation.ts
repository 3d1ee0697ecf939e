/** What each workbench form checks before it calls the server (the server checks again). */
import { DOCTYPES, slugProblem } from "@fieldwork/core";
import type { FieldErrors } from "./form-state";

export const MIN_PASSWORD_LENGTH = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailProblem(email: string): string | undefined {
  if (!email.trim()) return "Enter your email address.";
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

export interface NewProjectValues extends Record<string, string> { name: string }
export function validateNewProject(v: NewProjectValues): FieldErrors<NewProjectValues> {
  return { name: slugProblem(v.name) ?? undefined };
}

export interface NewDocumentValues extends Record<string, string> { doctype: string; title: string }
export function validateNewDocument(v: NewDocumentValues): FieldErrors<NewDocumentValues> {
  return {
    doctype: (DOCTYPES as readonly string[]).includes(v.doctype) ? undefined : "Choose a document type.",
    title: !v.title.trim() ? "Give the document a title." : v.title.length > 200 ? "Use at most 200 characters." : undefined,
  };
}

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
