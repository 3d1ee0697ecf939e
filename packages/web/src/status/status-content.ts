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
  /** More links, shown after the main one (the outdated-schema page's project home and support). */
  links?: { href: string; label: string }[];
  /** Names of the fields concerned (the missing required hidden fields of a bad request). */
  fields?: string[];
  /** Details for whoever fixes it, as indented JSON (the outdated-schema page's revisions). */
  details?: string;
  /** Where to send the respondent after a response (`ending.redirect_after_response_uri`). */
  redirect?: string;
}



/** Field names a page's query lists (`fields=a,b`): identifiers only, at most 20. */
function fieldNamesOf(list: string | undefined): string[] {
  return (list ?? "").split(",").filter((name) => /^[a-z][a-z0-9_]{0,62}$/.test(name)).slice(0, 20);
}

/** Digits of a query value, or null. */
const revisionOf = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

/** Where the outdated-schema page sends a visitor for help: SUPPORT_URL (an http(s) or mailto: URL). */
export interface StatusLinks { support_url?: string | undefined }

export function statusContent(
  kind: StatusKind, form: { id: string; ending?: FormEnding } | null, query: Record<string, string>, links: StatusLinks = {},
): StatusContent {
  const back = (label: string) => (form ? { link: { href: formPath(form.id), label } } : {});
  switch (kind) {
    case "developererror":
      return { title: "Something went wrong", text: ["An unexpected error happened on our side. Please try again in a moment."], icon: "error", tone: "danger", ...back("Try again") };
    case "badrequest": {
      const code = query.error;
      const known = isErrorCode(code) ? ERROR_CATALOGUE[code].message : null;
      const fields = fieldNamesOf(query.fields);
      return {
        title: "This request could not be processed",
        text: [known ?? "The form received something it could not read."],
        icon: "warning",
        tone: "danger",
        ...(code ? { code } : {}),
        ...(fields.length ? { fields } : {}),
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
    case "outdated": {
      // Spec 1 §2.2: the statement, a link back to the project home, one to support, details as JSON.
      const posted = revisionOf(query.revision);
      const current = revisionOf(query.current);
      // SUPPORT_URL is the operator's: a web address or a mailto: link.
      const support = links.support_url && /^(https?:\/\/|mailto:)[^\s"<>]+$/i.test(links.support_url) ? links.support_url : undefined;
      const details = form && posted !== null && current !== null
        ? JSON.stringify({ form_id: form.id, revision: posted, current_revision: current }, null, 2)
        : undefined;
      return {
        title: "Error: outdated schema version",
        text: [
          "The document version is outdated.",
          "This document was created with an older version of the form, which has changed since; it must be updated manually. Reload the form to answer its current version.",
        ],
        icon: "warning", tone: "danger", ...back("Reload the form"),
        links: [{ href: "/", label: "Project home" }, ...(support ? [{ href: support, label: "Contact support" }] : [])],
        ...(details ? { details } : {}),
      };
    }
    case "ratelimited":
      return { title: "Too many requests", text: ["This address has opened or sent this form very often in the last minute. Wait a moment and try again."], icon: "schedule", tone: "neutral" };
    case "notfound":
      return { title: "Form not found", text: ["This form does not exist or is no longer available. Check the link you followed."], icon: "notfound", tone: "neutral" };
  }
}
