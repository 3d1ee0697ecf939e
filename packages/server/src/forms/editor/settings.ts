/**
 * `POST /private/editor/settings/{name}` (spec 2 §7): one setting of the form row per call,
 * each a revisioned write. The redirect is the ending's `redirect_uri`, kept on the form
 * document.
 */
import type { SETTINGS_CALLS, SettingsCall } from "@fieldwork/core";
import type { Kysely, Updateable } from "kysely";
import type { z } from "zod";
import type { DB, FormTable } from "../../db/schema";
import { writeForm } from "./revision";

type Body<N extends SettingsCall> = z.output<(typeof SETTINGS_CALLS)[N]>;

/** Each call's body as the form row's columns. */
const FORM_COLUMNS: { [N in Exclude<SettingsCall, "redirect-uri">]: (body: Body<N>) => Updateable<FormTable> } = {
  "force-close-form": (b) => ({ is_force_closed: b.is_force_closed }),
  "max-responses-by-customer": (b) => ({ max_form_responses_by_customer: b.max_form_responses_by_customer }),
  "max-responses-in-total": (b) => ({ max_form_responses_in_total: b.max_form_responses_in_total }),
  "form-schedule": (b) => ({
    is_scheduling_enabled: b.enabled, scheduling_open_at: b.open_at, scheduling_close_at: b.close_at, scheduling_tz: b.tz,
  }),
  "form-method": (b) => ({ method: b.method }),
  "unknown-fields": (b) => ({ unknown_field_handling_strategy: b.strategy }),
};

export async function saveSetting<N extends SettingsCall>(db: Kysely<DB>, name: N, body: Body<N>) {
  return writeForm(db, body.form_id, body.revision, async (trx, form) => {
    if (name === "redirect-uri") {
      const { redirect_uri } = body as Body<"redirect-uri">;
      await trx.updateTable("form_document").set({ redirect_after_response_uri: redirect_uri }).where("form_id", "=", form.id).execute();
    } else {
      const columns = (FORM_COLUMNS[name as Exclude<SettingsCall, "redirect-uri">] as (b: Body<N>) => Updateable<FormTable>)(body);
      await trx.updateTable("form").set(columns).where("id", "=", form.id).execute();
    }
    return {};
  });
}
