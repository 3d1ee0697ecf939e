/**
 * Reading and adjusting a form's inventory levels (spec 3 §5 "Inventory adjust"): the
 * tracked options with their levels and committed counts, an owner's adjust (core's
 * `adjustLevel`: available and on hand move together; never below 0) written with an
 * 'adjust' commit of the change in available, and a level's commit history.
 */
import {
  adjustLevel, FieldworkError, type FormInventory, type InventoryAdjust, type InventoryCommit,
  type InventoryOptionLevel, type TrackedField,
} from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { z } from "zod";
import type { DB } from "../db/schema";
import { isUuid } from "../forms/form-record";
import { projectStores } from "./stores";

/** Tracked options of a form, or of one option when `optionId` is given, in field and option order. */
function levelRows(db: Kysely<DB>, formId: string, optionId?: string) {
  let query = db.selectFrom("form_field_option as o")
    .innerJoin("form_field as f", "f.id", "o.form_field_id")
    .innerJoin("inventory_item as i", "i.form_field_option_id", "o.id")
    .innerJoin("inventory_level as l", "l.inventory_item_id", "i.id")
    .leftJoin("product_option_value as pv", "pv.id", "i.product_option_value_id")
    .leftJoin("product_option as po", "po.id", "pv.product_option_id")
    .leftJoin("product as p", "p.id", "po.product_id")
    .select([
      "f.id as field_id", "f.name", "f.label as field_label", "o.id as option_id", "o.value", "o.label", "i.id as item_id", "i.sku",
      "l.id as level_id", "l.available", "l.on_hand", "l.committed", "l.unavailable", "l.incoming",
      "p.name as product_name", "po.name as product_option", "pv.value as product_value",
    ])
    .where("o.form_id", "=", formId);
  if (optionId !== undefined) query = query.where("o.id", "=", optionId);
  return query.orderBy("f.local_index").orderBy("f.created_at").orderBy("o.index").orderBy("o.created_at");
}

type LevelRow = Awaited<ReturnType<ReturnType<typeof levelRows>["execute"]>>[number];

const optionLevel = (r: LevelRow): InventoryOptionLevel => ({
  option_id: r.option_id, value: r.value, label: r.label, sku: r.sku, item_id: r.item_id,
  available: r.available, on_hand: r.on_hand, committed: r.committed, unavailable: r.unavailable, incoming: r.incoming,
  product: r.product_name !== null && r.product_option !== null && r.product_value !== null ? `${r.product_name} · ${r.product_option}: ${r.product_value}` : null,
});

/** `GET /forms/{form_id}/inventory`. */
export async function formInventory(db: Kysely<DB>, formId: string): Promise<FormInventory> {
  const form = await db.selectFrom("form").select(["project_id", "store_id"]).where("id", "=", formId).executeTakeFirst();
  if (!form) throw new FieldworkError("FORM_NOT_FOUND");
  const [stores, rows] = await Promise.all([projectStores(db, form.project_id), levelRows(db, formId).execute()]);
  const fields = new Map<string, TrackedField>();
  for (const row of rows) {
    let field = fields.get(row.field_id);
    if (!field) fields.set(row.field_id, (field = { field_id: row.field_id, name: row.name, label: row.field_label, options: [] }));
    field.options.push(optionLevel(row));
  }
  return { store: stores.find((s) => s.id === form.store_id) ?? null, stores, fields: [...fields.values()] };
}

async function trackedLevel(db: Kysely<DB>, formId: string, optionId: string, lock: boolean): Promise<LevelRow> {
  if (!isUuid(optionId)) throw new FieldworkError("INVENTORY_ITEM_NOT_FOUND");
  let query = levelRows(db, formId, optionId);
  if (lock) query = query.forUpdate("l");
  const row = await query.executeTakeFirst();
  if (!row) throw new FieldworkError("INVENTORY_ITEM_NOT_FOUND");
  return row;
}

/** `PATCH /forms/{form_id}/inventory/{option_id}`: the option's level after the adjust. */
export async function adjustOptionLevel(
  db: Kysely<DB>, formId: string, optionId: string, change: z.output<typeof InventoryAdjust>,
): Promise<InventoryOptionLevel> {
  return db.transaction().execute(async (trx) => {
    const row = await trackedLevel(trx, formId, optionId, true);
    const result = adjustLevel(row, change);
    if (!result.ok) throw new FieldworkError("INVALID_INVENTORY_LEVEL", result.problem);
    if (result.diff === 0) return optionLevel(row);
    const { available, on_hand } = result.level;
    await trx.updateTable("inventory_level").set({ available, on_hand, updated_at: sql<Date>`now()` }).where("id", "=", row.level_id).execute();
    await trx.insertInto("inventory_level_commit").values({ inventory_level_id: row.level_id, diff: result.diff, reason: "adjust", form_id: formId }).execute();
    return optionLevel({ ...row, available, on_hand });
  });
}

const COMMITS_SHOWN = 200;

/** `GET /forms/{form_id}/inventory/{option_id}/commits`: newest first, at most 200. */
export async function optionCommits(db: Kysely<DB>, formId: string, optionId: string): Promise<{ commits: InventoryCommit[] }> {
  const row = await trackedLevel(db, formId, optionId, false);
  const commits = await db.selectFrom("inventory_level_commit").select(["id", "diff", "reason", "form_id", "response_id", "created_at"])
    .where("inventory_level_id", "=", row.level_id).orderBy("id", "desc").limit(COMMITS_SHOWN).execute();
  return { commits: commits.map((c) => ({ ...c, id: Number(c.id), created_at: c.created_at.toISOString() })) };
}
