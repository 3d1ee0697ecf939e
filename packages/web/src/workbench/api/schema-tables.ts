/**
 * A schema document's tables (docs/private-api.md "Schema documents"): list, create (with
 * columns), delete with the table's name typed, and add, change or drop a column. Rows go
 * through the Data API (data-api.ts) under the table's name.
 */
import type { Attribute, AttributeInput } from "@fieldwork/core";
import { fetchDocuments } from "./documents";
import { privateRequest, seg } from "./http";

/** A window event: a schema's tables changed (the sidebar lists them again). */
export const SCHEMA_TABLES_CHANGED = "fieldwork:schema-tables";
export const announceSchemaTables = () => window.dispatchEvent(new Event(SCHEMA_TABLES_CHANGED));

type Options = { csrf_token: string; signal?: AbortSignal };

export interface SchemaTable {
  id: string;
  document_id: string;
  name: string;
  description: string | null;
  attributes: Attribute[];
  revision: number;
}

export const fetchSchemaTables = (schema_id: string, signal?: AbortSignal) =>
  privateRequest<SchemaTable[]>("GET", `/schema/${seg(schema_id)}/tables`, { signal });

export const createSchemaTable = (schema_id: string, body: { name: string; description?: string | null; attributes: AttributeInput[] }, options: Options) =>
  privateRequest<SchemaTable>("POST", `/schema/${seg(schema_id)}/tables/new`, { ...options, body });

export const deleteSchemaTable = (schema_id: string, table_id: string, user_confirmation_txt: string, options: Options) =>
  privateRequest<{ id: string }>("DELETE", `/schema/${seg(schema_id)}/tables/${seg(table_id)}`, { ...options, body: { user_confirmation_txt } });

export const addSchemaColumn = (schema_id: string, table_id: string, attribute: AttributeInput, options: Options) =>
  privateRequest<SchemaTable>("POST", `/schema/${seg(schema_id)}/tables/${seg(table_id)}/columns`, { ...options, body: attribute });

export const changeSchemaColumn = (schema_id: string, table_id: string, column: string, attribute: AttributeInput, options: Options) =>
  privateRequest<SchemaTable>("PUT", `/schema/${seg(schema_id)}/tables/${seg(table_id)}/columns/${seg(column)}`, { ...options, body: attribute });

export const dropSchemaColumn = (schema_id: string, table_id: string, column: string, options: Options) =>
  privateRequest<SchemaTable>("DELETE", `/schema/${seg(schema_id)}/tables/${seg(table_id)}/columns/${seg(column)}`, options);

/** Every schema table of a project (its schema documents' tables): the field panel's reference choices. */
export async function fetchProjectSchemaTables(project_id: string, signal?: AbortSignal): Promise<SchemaTable[]> {
  const schemas = (await fetchDocuments(project_id, signal)).filter((doc) => doc.doctype === "v0_schema");
  return (await Promise.all(schemas.map((doc) => fetchSchemaTables(doc.id, signal)))).flat();
}
