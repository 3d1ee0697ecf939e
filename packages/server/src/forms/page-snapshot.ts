/**
 * What a public form page reads of its form (the published form with its definition, and
 * its fields with their stock), kept per form between writes on PGlite: there this process
 * sees every write (db/page-writes.ts), so a snapshot taken since the last statement that
 * may change a page is exactly what the database holds, and a page load needs no query
 * while a heavy Data API read holds PGlite's one connection. On PostgreSQL (other instances
 * write too) every load reads the database, which the pool serves beside other work.
 */
import type { FormField } from "@fieldwork/core";
import type { Kysely } from "kysely";
import { pageWritesOf } from "../db/database";
import type { DB } from "../db/schema";
import { fieldsWithStock } from "../inventory/preload-stock";
import type { FormRecord } from "./form-record";
import { loadPublishedForm } from "./preload";

export interface PageForm {
  record: FormRecord;
  fields: FormField[];
}

const MAX_SNAPSHOTS = 500;
const snapshots = new WeakMap<Kysely<DB>, Map<string, PageForm & { writes: number }>>();

async function load(db: Kysely<DB>, formId: string): Promise<PageForm> {
  const record = await loadPublishedForm(db, formId);
  return { record, fields: await fieldsWithStock(db, record) };
}

/** The published form (FORM_NOT_FOUND otherwise) and its fields with stock, as a page shows them. */
export async function pageForm(db: Kysely<DB>, formId: string): Promise<PageForm> {
  // Read before loading: a write that lands meanwhile moves the count past this snapshot's.
  const writes = pageWritesOf(db);
  if (writes === undefined) return load(db, formId);
  let cache = snapshots.get(db);
  if (!cache) snapshots.set(db, (cache = new Map()));
  const kept = cache.get(formId);
  if (kept && kept.writes === writes) return kept;
  const loaded = await load(db, formId);
  cache.delete(formId);
  cache.set(formId, { ...loaded, writes });
  if (cache.size > MAX_SNAPSHOTS) cache.delete(cache.keys().next().value as string);
  return loaded;
}
