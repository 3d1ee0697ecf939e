/**
 * Loading a whole form (settings, document, fields with options and optgroups, blocks) in
 * the runtime shapes of @fieldwork/core.
 */
import type { FormBlock, FormField, FormOptgroup, FormOption, JsonValue } from "@fieldwork/core";
import { isFieldType } from "@fieldwork/core";
import type { Kysely, Selectable } from "kysely";
import type { DB, FormDocumentTable, FormTable } from "../db/schema";
import { optionPrices } from "../inventory/option-prices";

export interface FormRecord {
  form: Selectable<FormTable>;
  document: Selectable<FormDocumentTable>;
  fields: FormField[];
  blocks: FormBlock[];
  /**
   * Ids of the options whose stock is tracked (they have an inventory item and level, made
   * by inventory/tracking.ts). Changing them bumps the revision, so the cached set is current.
   */
  tracked_option_ids: ReadonlySet<string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/**
 * Definitions (document, fields, blocks) cached per database and form, keyed by the form's
 * `revision`. Readers that load the form row check the revision; the submit statement
 * checks it inside Postgres, so a stale definition never writes a row.
 */
type Definition = Omit<FormRecord, "form">;
const MAX_CACHED_FORMS = 500;
const caches = new WeakMap<Kysely<DB>, Map<string, FormRecord>>();

function cacheOf(db: Kysely<DB>): Map<string, FormRecord> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/** The last record loaded for this form, without touching the database (may be stale). */
export function cachedFormRecord(db: Kysely<DB>, formId: string): FormRecord | undefined {
  return cacheOf(db).get(formId);
}

/** Marks a form's definition changed: call inside the transaction that changes it. */
export async function bumpRevision(trx: Kysely<DB>, formId: string): Promise<void> {
  await trx.updateTable("form")
    .set((eb) => ({ updated_at: new Date(), revision: eb("revision", "+", 1) }))
    .where("id", "=", formId).execute();
}

/** The form row (always fresh) with its definition (from the cache when the revision matches). */
export async function loadFormRecord(db: Kysely<DB>, formId: string): Promise<FormRecord | undefined> {
  if (!isUuid(formId)) return undefined;
  const form = await db.selectFrom("form").selectAll().where("id", "=", formId).executeTakeFirst();
  return form ? recordOfForm(db, form) : undefined;
}

/** A form row just read, with its definition (from the cache when the revision matches). */
export async function recordOfForm(db: Kysely<DB>, form: Selectable<FormTable>): Promise<FormRecord | undefined> {
  const formId = form.id;
  const cache = cacheOf(db);
  const cached = cache.get(formId);
  if (cached && cached.form.revision === form.revision) {
    const record = { ...cached, form };
    cache.set(formId, record);
    return record;
  }
  const definition = await sharedDefinition(db, formId, form.revision);
  if (!definition) return undefined;
  const record = { form, ...definition };
  cache.delete(formId);
  cache.set(formId, record);
  if (cache.size > MAX_CACHED_FORMS) cache.delete(cache.keys().next().value as string);
  return record;
}

const loading = new WeakMap<Kysely<DB>, Map<string, Promise<Definition | undefined>>>();

/**
 * Requests that miss the cache for the same revision at once (the first rush after a start or
 * an edit) share one load: one round of reads instead of one per request, and one set of
 * field objects for all of them.
 */
function sharedDefinition(db: Kysely<DB>, formId: string, revision: number): Promise<Definition | undefined> {
  let byKey = loading.get(db);
  if (!byKey) loading.set(db, (byKey = new Map()));
  const key = `${formId}:${revision}`;
  const pending = byKey.get(key);
  if (pending) return pending;
  const load = loadDefinition(db, formId).finally(() => byKey.delete(key));
  byKey.set(key, load);
  return load;
}

async function loadDefinition(db: Kysely<DB>, formId: string): Promise<Definition | undefined> {
  const document = await db.selectFrom("form_document").selectAll().where("form_id", "=", formId).executeTakeFirst();
  if (!document) return undefined;
  const [fieldRows, optionRows, optgroupRows, blockRows, trackedRows] = await Promise.all([
    db.selectFrom("form_field").selectAll().where("form_id", "=", formId).orderBy("local_index").orderBy("created_at").execute(),
    db.selectFrom("form_field_option").selectAll().where("form_id", "=", formId).orderBy("index").orderBy("created_at").execute(),
    db.selectFrom("optgroup").selectAll().where("form_id", "=", formId).orderBy("index").orderBy("created_at").execute(),
    db.selectFrom("form_block").selectAll().where("form_id", "=", formId).orderBy("local_index").execute(),
    db.selectFrom("inventory_item").innerJoin("form_field_option as o", "o.id", "inventory_item.form_field_option_id")
      .select("o.id").where("o.form_id", "=", formId).execute(),
  ]);
  // Options that sell a store's product value are priced by the store (a price edit there moves
  // the revision of the forms that sell it: inventory/product-write.ts).
  const storePrices = await optionPrices(db, formId);

  const fields: FormField[] = fieldRows.flatMap((row) => {
    if (!isFieldType(row.type)) return [];
    const options: FormOption[] = optionRows
      .filter((o) => o.form_field_id === row.id)
      .map((o) => {
        const sold = storePrices.get(o.id);
        const price = sold ? { price: sold.unit_price, price_currency: sold.currency } : { price: o.price };
        return { id: o.id, value: o.value, label: o.label, src: o.src, disabled: o.disabled, index: o.index, optgroup_id: o.optgroup_id, ...price };
      });
    const optgroups: FormOptgroup[] = optgroupRows
      .filter((g) => g.form_field_id === row.id)
      .map((g) => ({ id: g.id, label: g.label, disabled: g.disabled, index: g.index }));
    return [{
      id: row.id, name: row.name, label: row.label, type: row.type, placeholder: row.placeholder,
      help_text: row.help_text, required: row.required, readonly: row.readonly, pattern: row.pattern,
      step: row.step, min: bound(row.min), max: bound(row.max), autocomplete: row.autocomplete,
      accept: row.accept, multiple: row.multiple, is_array: row.is_array, data: row.data,
      v_value: row.v_value, upload: row.upload, resolve: row.resolve, storage: row.storage,
      reference: row.reference, options_inventory: row.options_inventory, options, optgroups,
    }];
  });

  const blocks: FormBlock[] = blockRows.map((b) => ({
    id: b.id, form_id: b.form_id, form_page_id: b.form_page_id, parent_id: b.parent_id, type: b.type,
    local_index: b.local_index, form_field_id: b.form_field_id, v_hidden: b.v_hidden,
    attributes: (b.attributes ?? null) as FormBlock["attributes"], body_html: b.body_html,
    title_html: b.title_html, description_html: b.description_html, src: b.src, data: b.data,
  }));

  return { document, fields, blocks, tracked_option_ids: new Set(trackedRows.map((r) => r.id)) };
}

function bound(value: JsonValue): number | string | null {
  return typeof value === "number" || typeof value === "string" ? value : null;
}
