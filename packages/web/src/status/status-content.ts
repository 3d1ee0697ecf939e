/**
 * What each public status page says (spec 1 §2.1, §8), as data: title, text, icon, and the
 * link back to the form where going back makes sense.
 */
import { ERROR_CATALOGUE, formPath, isErrorCode, safeUrlOrUndefined, type FormEnding } from "@fieldwork/core";
import type { StatusIcon } from "../respondent/status-card";

export const STATUS_KINDS = [
  "developererror", "badrequest", "formclosed", "alreadyresponded", "formsoldout", "formoptionsoldout", "complete", "notfound", "ratelimited", "outdated",
] as const;
export type StatusKind = (typeof STATUS_KINDS)[number];

export interface StatusContent {
  title: string;
  /** Plain text paragraphs. */
  text: string[];
  /** Owner HTML (the ending page body), trusted as stored. */
  html?: string;
  icon: StatusIcon;
  tone: "neutral" | "success" | "danger";
  /** An error code shown on the page (badrequest). */
  code?: string;
  link?: { href: string; label: string };
  /** Where to send the respondent after a response (`ending.redirect_after_response_uri`). */
  redirect?: string;
}



export function statusContent(kind: StatusKind, form: { id: string; ending?: FormEnding } | null, query: Record<string, string>): StatusContent {
  const back = (label: string) => (form ? { link: { href: formPath(form.id), label } } : {});
  switch (kind) {
    case "developererror":
      return { title: "Something went wrong", text: ["An unexpected error happened on our side. Please try again in a moment."], icon: "error", tone: "danger", ...back("Try again") };
    case "badrequest": {
      const code = query.error;
      const known = isErrorCode(code) ? ERROR_CATALOGUE[code].message : null;
      return {
        title: "This request could not be processed",
        text: [known ?? "The form received something it could not read."],
        icon: "warning",
        tone: "danger",
        ...(code ? { code } : {}),
        ...back("Back to the form"),
      };
    }
    case "formclosed":
      return query.oops === "FORM_SCHEDULE_NOT_IN_RANGE"
        ? { title: "This form is not open right now", text: ["It accepts responses only during its scheduled period. Please come back later."], icon: "schedule", tone: "neutral", ...back("Check again") }
        : { title: "This form is closed", text: ["It is no longer accepting responses."], icon: "closed", tone: "neutral" };
    case "alreadyresponded":
      return { title: "You have already responded", text: ["This form accepts a limited number of responses per person."], icon: "responded", tone: "neutral" };
    case "formsoldout":
      return { title: "Sold out", text: ["Everything this form offered has been taken."], icon: "soldout", tone: "neutral" };
    case "formoptionsoldout":
      return { title: "An option you chose is sold out", text: ["Someone took it just before you. Please go back and choose another option."], icon: "soldout", tone: "neutral", ...back("Back to the form") };
    case "complete": {
      const ending = form?.ending;
      const target = safeUrlOrUndefined(ending?.redirect_after_response_uri);
      const redirect = target ? { redirect: target } : {};
      if (ending?.is_ending_page_enabled && (ending.title || ending.body_html)) {
        return {
          title: ending.title ?? "Thank you",
          text: [],
          ...(ending.body_html ? { html: ending.body_html } : {}),
          icon: "success",
          tone: "success",
          ...redirect,
        };
      }
      return { title: "Thank you", text: ["Your response has been recorded."], icon: "success", tone: "success", ...redirect };
    }
    case "outdated":
      return {
        title: "Error: outdated schema version",
        text: [
          "The document version is outdated.",
          "This document was created with an older version of the form, which has changed since; it must be updated manually. Reload the form to answer its current version.",
        ],
        icon: "warning", tone: "danger", ...back("Reload the form"),
      };
    case "ratelimited":
      return { title: "Too many requests", text: ["This address has opened or sent this form very often in the last minute. Wait a moment and try again."], icon: "schedule", tone: "neutral" };
    case "notfound":
      return { title: "Form not found", text: ["This form does not exist or is no longer available. Check the link you followed."], icon: "notfound", tone: "neutral" };
  }
}
