/** Where managed tables live and how SQL names them; shared by the table and index modules. */
import type { FieldType } from "@fieldwork/core";
import { sql, type RawBuilder } from "kysely";

/** Anything raw SQL can run on: a Kysely instance or a transaction. */
export type Executor = Parameters<RawBuilder<unknown>["execute"]>[0];

export const MANAGED_SCHEMA = "form_data";

export const managedTable = (tableName: string) => sql.table(`${MANAGED_SCHEMA}.${tableName}`);

export interface ColumnField {
  name: string;
  type: FieldType;
  multiple?: boolean | null;
}
