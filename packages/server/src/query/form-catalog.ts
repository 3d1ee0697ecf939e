/**
 * Catalogs of a form's managed table: introspected once per form revision (a field added,
 * renamed or retyped bumps the revision), with what the Data API may write (the field
 * columns and `id`) and the search vector hidden from `select=*`.
 */
import { capabilityOf, SYSTEM_COLUMNS } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { FormRecord } from "../forms/form-record";
import { managedTable, MANAGED_SCHEMA } from "../tables/managed-names";
import { isSearchSource, SEARCH_COLUMN, SEARCH_CONFIG } from "../tables/search-vector";
import { catalogFromColumns, introspectColumns, type TableCatalog } from "./catalog";

const caches = new WeakMap<Kysely<DB>, Map<string, { revision: number; catalog: TableCatalog }>>();
const MAX_CACHED = 500;

const isSystem = (name: string) => (SYSTEM_COLUMNS as readonly string[]).includes(name) || name.startsWith("__fw_");

export async function formTableCatalog(db: Kysely<DB>, { form, fields }: FormRecord): Promise<TableCatalog> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(form.id);
  if (hit && hit.revision === form.revision) return hit.catalog;

  const columns = await introspectColumns(db, MANAGED_SCHEMA, form.table_name);
  const base = catalogFromColumns(MANAGED_SCHEMA, form.table_name, managedTable(form.table_name), columns, {
    read_only: false,
    writable: (c) => c.name === "id" || !isSystem(c.name),
  });
  const searchSources = base.columns.filter((c) => isSearchSource(c.name, c.format)).map((c) => ({ name: c.name, is_array: c.format === "text[]" }));
  const catalog: TableCatalog = {
    ...base,
    default_order: [{ column: "local_index", direction: "asc" }],
    columns: base.columns.map((c) => {
      if (c.name === SEARCH_COLUMN) return { ...c, hidden: true, writable: false, search_config: SEARCH_CONFIG, search_sources: searchSources };
      const file = fields.find((f) => f.name === c.name && capabilityOf(f.type).file);
      return file ? { ...c, file_of: { form_id: form.id, field_id: file.id } } : c;
    }),
  };
  cache.delete(form.id);
  cache.set(form.id, { revision: form.revision, catalog });
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return catalog;
}
