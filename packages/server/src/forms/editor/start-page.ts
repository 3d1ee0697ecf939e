/** The form's start page from the editor (spec 3 §7 "A start_page update"): the whole page, or null for none. */
import type { StartPageUpdate } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { DB } from "../../db/schema";
import { cleanStartPage } from "../cover";
import { writeForm } from "./revision";

export async function updateStartPage(db: Kysely<DB>, formId: string, body: z.output<typeof StartPageUpdate>) {
  return writeForm(db, formId, body.revision, async (trx) => {
    const start_page = body.start_page === null ? null : JSON.stringify(cleanStartPage(body.start_page));
    await trx.updateTable("form_document").set({ start_page }).where("form_id", "=", formId).execute();
    return {};
  });
}
