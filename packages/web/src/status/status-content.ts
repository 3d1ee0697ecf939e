/**
 * What each public status page says (spec 1 §2.1, §8), as data: title, text, icon, and the
 * link back to the form where going back makes sense, in the form's language (`messages`,
 * core's catalogue). A bad request's code the catalogue does not word shows the server's English.
 */
import {
  ERROR_CATALOGUE, formPath, isErrorCode, safeUrlOrUndefined, VISITOR_ERROR_CODES,
  type FormEnding, type MessageKey, type Messages, type VisitorErrorCode,
} from "@fieldwork/core";
import type { StatusIcon } from "./status-icons";

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
  /** The label over `fields` ("Missing:"). */
  fields_label?: string;
  /** Details for whoever fixes it, as indented JSON (the outdated-schema page's revisions). */
  details?: string;
  /** The summary that opens `details` ("Details"). */
  details_label?: string;
  /** Where to send the respondent after a response (`ending.redirect_after_response_uri`); `link` then goes there too. */
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
  kind: StatusKind, form: { id: string; ending?: FormEnding } | null, query: Record<string, string>, messages: Messages,
  links: StatusLinks = {},
): StatusContent {
  const text = (key: MessageKey) => messages[key];
  const back = (label: MessageKey) => (form ? { link: { href: formPath(form.id), label: text(label) } } : {});
  switch (kind) {
    case "developererror":
      return { title: text("status.developererror.title"), text: [text("status.developererror.text")], icon: "error", tone: "danger", ...back("status.try_again") };
    case "badrequest": {
      const code = query.error;
      const known = isVisitorErrorCode(code) ? text(`error.${code}`) : isErrorCode(code) ? ERROR_CATALOGUE[code].message : null;
      const fields = fieldNamesOf(query.fields);
      return {
        title: text("status.badrequest.title"),
        text: [known ?? text("status.badrequest.text")],
        icon: "warning",
        tone: "danger",
        ...(code ? { code } : {}),
        ...(fields.length ? { fields, fields_label: text("status.missing") } : {}),
        ...back("status.back"),
      };
    }
    case "formclosed":
      return query.oops === "FORM_SCHEDULE_NOT_IN_RANGE"
        ? { title: text("status.scheduled.title"), text: [text("status.scheduled.text")], icon: "schedule", tone: "neutral", ...back("status.check_again") }
        : { title: text("status.closed.title"), text: [text("status.closed.text")], icon: "closed", tone: "neutral" };
    case "alreadyresponded":
      return { title: text("status.alreadyresponded.title"), text: [text("status.alreadyresponded.text")], icon: "responded", tone: "neutral" };
    case "formsoldout":
      return { title: text("status.formsoldout.title"), text: [text("status.formsoldout.text")], icon: "soldout", tone: "neutral" };
    case "formoptionsoldout":
      return { title: text("status.formoptionsoldout.title"), text: [text("status.formoptionsoldout.text")], icon: "soldout", tone: "neutral", ...back("status.back") };
    case "complete": {
      const ending = form?.ending;
      const target = safeUrlOrUndefined(ending?.redirect_after_response_uri);
      // The owner's redirect follows in 3 s (ssr.tsx); the link goes at once.
      const redirect = target ? { redirect: target, link: { href: target, label: text("status.continue") } } : {};
      if (ending?.is_ending_page_enabled && (ending.title || ending.body_html)) {
        return {
          title: ending.title ?? text("status.complete.title"),
          text: [],
          ...(ending.body_html ? { html: ending.body_html } : {}),
          icon: "success",
          tone: "success",
          ...redirect,
        };
      }
      return { title: text("status.complete.title"), text: [text("status.complete.text")], icon: "success", tone: "success", ...redirect };
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
        title: text("status.outdated.title"),
        text: [text("error.FORM_SCHEMA_OUTDATED"), text("status.outdated.text")],
        icon: "warning", tone: "danger", ...back("status.reload"),
        links: [{ href: "/", label: text("status.project_home") }, ...(support ? [{ href: support, label: text("status.contact_support") }] : [])],
        ...(details ? { details, details_label: text("status.details") } : {}),
      };
    }
    case "ratelimited":
      return { title: text("status.ratelimited.title"), text: [text("status.ratelimited.text")], icon: "schedule", tone: "neutral" };
    case "notfound":
      return { title: text("notfound.title"), text: [text("notfound.text")], icon: "notfound", tone: "neutral" };
  }
}

const isVisitorErrorCode = (code: unknown): code is VisitorErrorCode => (VISITOR_ERROR_CODES as readonly unknown[]).includes(code);
