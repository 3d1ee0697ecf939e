/**
 * A store itself: rename it, change its currency, delete it. A store is deleted only when
 * nothing depends on it: no form links it and no form option's stock lives in it; otherwise
 * `409 STORE_IN_USE` names the forms (`dependents.forms`). Its products, items, levels and
 * commits go with it.
 */
import { FieldworkError, type StoreDependents, type StoreUpdate } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { DB } from "../db/schema";
import type { StoreRow } from "./store-access";

/** `PATCH /stores/{store_id}`. */
export async function updateStore(db: Kysely<DB>, store: StoreRow, change: z.output<typeof StoreUpdate>): Promise<StoreRow> {
  if (change.name === undefined && change.currency === undefined) return store;
  return db.updateTable("store").set({ ...(change.name !== undefined ? { name: change.name } : {}), ...(change.currency ? { currency: change.currency } : {}) })
    .where("id", "=", store.id).returning(["id", "project_id", "name", "currency"]).executeTakeFirstOrThrow();
}

/** The forms that link the store or sell from it, by title. */
export async function storeDependents(db: Kysely<DB>, storeId: string): Promise<StoreDependents> {
  const forms = await db.selectFrom("form").select(["form.id", "form.title"])
    .where((eb) => eb.or([
      eb("form.store_id", "=", storeId),
      eb.exists(eb.selectFrom("form_field_option as o").innerJoin("inventory_item as i", "i.form_field_option_id", "o.id")
        .select("o.id").whereRef("o.form_id", "=", "form.id").where("i.store_id", "=", storeId)),
    ]))
    .orderBy("form.title").orderBy("form.id").execute();
  return { forms };
}

/** `DELETE /stores/{store_id}`. */
export async function deleteStore(db: Kysely<DB>, store: StoreRow): Promise<{ deleted: true }> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("store").select("id").where("id", "=", store.id).forUpdate().execute();
    const dependents = await storeDependents(trx, store.id);
    if (dependents.forms.length) {
      const names = dependents.forms.map((f) => JSON.stringify(f.title)).join(", ");
      throw new FieldworkError("STORE_IN_USE", `Forms still use this store: ${names}. Unlink it from them first.`, undefined, { dependents });
    }
    await trx.deleteFrom("store").where("id", "=", store.id).execute();
    return { deleted: true as const };
  });
}
