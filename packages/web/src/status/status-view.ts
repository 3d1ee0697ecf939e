/**
 * Everything a status page is drawn from, in one place: the server's page
 * (`renderStatusPage`, ssr.tsx) and the editor's Ending preview (ending-page.tsx) both call
 * `statusView` with the same inputs (the form's title, language, stylesheet and ending) and
 * draw its answer with `StatusPage`, so the preview cannot drift from the real page. The
 * page speaks the form's language (English for a page that belongs to no form).
 */
import { messagesFor, type FormEnding, type FormStylesheet } from "@fieldwork/core";
import { statusContent, type StatusContent, type StatusKind, type StatusLinks } from "./status-content";

/** The form a status page belongs to, as the page reads it. */
export interface StatusForm { id: string; title: string; lang: string; stylesheet: FormStylesheet; ending?: FormEnding }

export interface StatusView {
  content: StatusContent;
  /** The document's `lang` and `<title>`. */
  lang: string;
  title: string;
  /** The form's theme; null for a page that belongs to no form (not found). */
  stylesheet: FormStylesheet | null;
  /** Status pages leave out the powered-by footer (the form itself shows it when enabled). */
  powered_by: boolean;
}

export function statusView(kind: StatusKind, form: StatusForm | null, query: Record<string, string>, links?: StatusLinks): StatusView {
  const content = statusContent(kind, form, query, messagesFor(form?.lang), links);
  return {
    content,
    lang: form?.lang ?? "en",
    title: form ? `${content.title} · ${form.title}` : content.title,
    stylesheet: form?.stylesheet ?? null,
    powered_by: false,
  };
}
