/** The form document's theme and ending in the shapes the public form reads. */
import { readButtonLabels, type ButtonLabels, type FormEnding, type FormStylesheet, type JsonValue } from "@fieldwork/core";
import type { Selectable } from "kysely";
import type { FormDocumentTable } from "../db/schema";

type Doc = Selectable<FormDocumentTable>;
const text = (v: JsonValue | undefined) => (typeof v === "string" ? v : null);

export function stylesheetOf(document: Doc): FormStylesheet {
  const style = document.stylesheet;
  return {
    appearance: style.appearance === "light" || style.appearance === "dark" ? style.appearance : "system",
    palette: text(style.palette),
    font_family: text(style.font_family) ?? "inter",
    section: text(style.section),
    custom_css: text(style.custom_css),
  };
}

export function endingOf(document: Doc): FormEnding {
  return {
    is_ending_page_enabled: document.is_ending_page_enabled,
    title: document.ending_title,
    body_html: document.ending_body_html,
    redirect_after_response_uri: document.redirect_after_response_uri,
  };
}

/** The owner's footer button labels, kept in the theme's `stylesheet` JSON (core i18n/button-labels.ts). */
export function buttonLabelsOf(document: Doc): ButtonLabels {
  return readButtonLabels(document.stylesheet.button_labels);
}
