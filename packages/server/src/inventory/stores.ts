/**
 * A form's store (spec 2 §2 connect/store, spec 3 "connections: store_id"): create one in
 * the form's project and link it, link another store of the same project, or unlink. A
 * store of another project is not found. Unlinking, or linking another store, is refused
 * while options of the form are tracked: their items live in the linked store.
 */
import { FieldworkError, type StoreLink, type StoreSummary } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { DB } from "../db/schema";
import { changeForm } from "./form-lock";

export async function projectStores(db: Kysely<DB>, projectId: string): Promise<StoreSummary[]> {
  return db.selectFrom("store").select(["id", "name", "currency"]).where("project_id", "=", projectId).orderBy("created_at").orderBy("id").execute();
}

async function hasTrackedOptions(trx: Kysely<DB>, formId: string): Promise<boolean> {
  const row = await trx.selectFrom("inventory_item").innerJoin("form_field_option as o", "o.id", "inventory_item.form_field_option_id")
    .select("inventory_item.id").where("o.form_id", "=", formId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** `PUT /forms/{form_id}/store`. */
export async function linkStore(db: Kysely<DB>, formId: string, link: z.output<typeof StoreLink>): Promise<{ store: StoreSummary }> {
  return changeForm(db, formId, { bump: false }, async (trx, form) => {
    let store: StoreSummary | undefined;
    if ("store_id" in link) {
      store = await trx.selectFrom("store").select(["id", "name", "currency"])
        .where("id", "=", link.store_id).where("project_id", "=", form.project_id).executeTakeFirst();
      if (!store) throw new FieldworkError("STORE_NOT_FOUND");
    } else {
      store = await trx.insertInto("store").values({ project_id: form.project_id, name: link.name, ...(link.currency ? { currency: link.currency } : {}) })
        .returning(["id", "name", "currency"]).executeTakeFirstOrThrow();
    }
    if (form.store_id !== store.id) {
      if (form.store_id && await hasTrackedOptions(trx, form.id)) {
        throw new FieldworkError("INVENTORY_TRACKING_LOCKED", "Options of this form track inventory in its store: it cannot change stores.");
      }
      await trx.updateTable("form").set({ store_id: store.id }).where("id", "=", form.id).execute();
    }
    return { store };
  });
}

/** `DELETE /forms/{form_id}/store`. */
export async function unlinkStore(db: Kysely<DB>, formId: string): Promise<{ store: null }> {
  return changeForm(db, formId, { bump: false }, async (trx, form) => {
    if (form.store_id && await hasTrackedOptions(trx, form.id)) {
      throw new FieldworkError("INVENTORY_TRACKING_LOCKED", "Options of this form track inventory in its store: it cannot be unlinked.");
    }
    await trx.updateTable("form").set({ store_id: null }).where("id", "=", form.id).execute();
    return { store: null };
  });
}
