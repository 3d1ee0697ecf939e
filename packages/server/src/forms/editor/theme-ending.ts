/**
 * The form document's theme and ending from the editor: the keys given change, the others
 * stay. The ending body is owner HTML (cleaned); its redirect was checked by the schema.
 */
import type { EndingUpdate, ThemeUpdate } from "@fieldwork/core";
import type { Kysely, Updateable } from "kysely";
import type { z } from "zod";
import type { DB, FormDocumentTable } from "../../db/schema";
import { sanitizeOwnerHtml } from "../owner-html";
import { writeForm } from "./revision";

/** Theme keys kept in the document's `stylesheet` JSON: the look, and the buttons' wording (no column of its own). */
const STYLESHEET_KEYS = ["appearance", "palette", "font_family", "section", "custom_css", "button_labels"] as const;

export async function updateTheme(db: Kysely<DB>, formId: string, body: z.output<typeof ThemeUpdate>) {
  return writeForm(db, formId, body.revision, async (trx) => {
    const { theme } = body;
    const doc = await trx.selectFrom("form_document").select("stylesheet").where("form_id", "=", formId).executeTakeFirstOrThrow();
    const stylesheet = { ...doc.stylesheet };
    for (const key of STYLESHEET_KEYS) if (theme[key] !== undefined) stylesheet[key] = theme[key];
    const set: Updateable<FormDocumentTable> = { stylesheet: JSON.stringify(stylesheet) };
    if (theme.lang !== undefined) set.lang = theme.lang;
    if (theme.background !== undefined) set.background = theme.background === null ? null : JSON.stringify(theme.background);
    if (theme.is_powered_by_branding_enabled !== undefined) set.is_powered_by_branding_enabled = theme.is_powered_by_branding_enabled;
    if (theme.optimize_for_cjk !== undefined) set.optimize_for_cjk = theme.optimize_for_cjk;
    await trx.updateTable("form_document").set(set).where("form_id", "=", formId).execute();
    return {};
  });
}

export async function updateEnding(db: Kysely<DB>, formId: string, body: z.output<typeof EndingUpdate>) {
  return writeForm(db, formId, body.revision, async (trx) => {
    const { ending } = body;
    const set: Updateable<FormDocumentTable> = {};
    if (ending.enabled !== undefined) set.is_ending_page_enabled = ending.enabled;
    if (ending.title !== undefined) set.ending_title = ending.title;
    if (ending.body_html !== undefined) set.ending_body_html = sanitizeOwnerHtml(ending.body_html);
    if (ending.redirect_uri !== undefined) set.redirect_after_response_uri = ending.redirect_uri;
    if (Object.keys(set).length) await trx.updateTable("form_document").set(set).where("form_id", "=", formId).execute();
    return {};
  });
}
