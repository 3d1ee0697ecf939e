/**
 * Reads a connected database's schema (issue 24 item 3): the tables and views of the chosen
 * schemas, and `auth.users` when there is one, with their columns (type, format, enum values,
 * default, nullability, primary and foreign keys, uniqueness) and what the connection's role
 * may do. One statement, every name a bound parameter. Types are written back as Postgres
 * quoted them (`quote_ident`), and checked again here before any is used as a cast.
 */
import { READ_ONLY_REASONS, type ExternalColumn, type ExternalTable, type ReadOnlyReason } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";

/** More tables than this in the chosen schemas: the first ones by name. */
export const MAX_TABLES = 2000;

interface RawColumn {
  name: string; format: string; builtin_type: string; type_ident: string; is_builtin: boolean; is_array: boolean;
  category: string; type_name: string; nullable: boolean; default: string | null; generated: boolean;
  pk: boolean; unique: boolean; enum: string[] | null; fk: { schema: string; table: string; column: string } | null;
}
interface RawTable {
  schema: string; name: string; relkind: string; can_insert: boolean; can_update: boolean; can_delete: boolean; columns: RawColumn[] | null;
}

export interface Privileges { insert: boolean; update: boolean; delete: boolean }
export type SnapshotTable = ExternalTable & { privileges: Privileges };
export interface Snapshot { tables: SnapshotTable[]; schemas: string[]; truncated: boolean }

const IDENT = String.raw`(?:"(?:[^"\u0000]|"")+"|[a-z_][a-z0-9_$]*)`;
const USER_TYPE = new RegExp(`^${IDENT}\\.${IDENT}(?:\\[\\])?$`);
const BUILTIN_TYPE = /^[a-z][a-z0-9 _]*(?:\(\d+(?:,\d+)?\))?(?: with(?:out)? time zone)?(?:\[\])?$/;

/** The cast a value of this column is bound through, or null when it is not a shape we trust. */
export function safeSqlType(raw: Pick<RawColumn, "is_builtin" | "builtin_type" | "type_ident">): string | null {
  if (raw.is_builtin) return BUILTIN_TYPE.test(raw.builtin_type) ? raw.builtin_type : null;
  return USER_TYPE.test(raw.type_ident) ? raw.type_ident : null;
}

function kindOf(raw: RawColumn): string {
  if (raw.is_array) return "array";
  if (raw.enum) return "enum";
  if (raw.type_name === "json" || raw.type_name === "jsonb") return "json";
  if (raw.type_name === "uuid") return "uuid";
  return ({ S: "text", N: "number", B: "boolean", D: "date" } as Record<string, string>)[raw.category] ?? "other";
}

export async function introspect(db: Kysely<DB>, schemas: readonly string[]): Promise<Snapshot> {
  const { rows } = await sql<RawTable>`
    select n.nspname as schema, c.relname as name, c.relkind,
      has_table_privilege(c.oid, 'INSERT') as can_insert,
      has_table_privilege(c.oid, 'UPDATE') as can_update,
      has_table_privilege(c.oid, 'DELETE') as can_delete,
      (select json_agg(json_build_object(
        'name', a.attname,
        'format', format_type(a.atttypid, null),
        'builtin_type', format_type(a.atttypid, a.atttypmod),
        'type_ident', quote_ident(bn.nspname) || '.' || quote_ident(bt.typname) || case when t.typcategory = 'A' then '[]' else '' end,
        'is_builtin', bn.nspname = 'pg_catalog',
        'is_array', t.typcategory = 'A',
        'category', bt.typcategory,
        'type_name', bt.typname,
        'nullable', not a.attnotnull,
        'default', pg_get_expr(d.adbin, d.adrelid),
        'generated', a.attgenerated <> '' or a.attidentity = 'a',
        'pk', exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary and a.attnum = any(i.indkey)),
        'unique', a.attnotnull and exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisunique
          and i.indpred is null and i.indnkeyatts = 1 and i.indkey[0] = a.attnum),
        'enum', case when bt.typtype = 'e' then (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = bt.oid) end,
        'fk', (select json_build_object('schema', fn.nspname, 'table', fc.relname, 'column', fa.attname)
          from pg_constraint k
          join pg_class fc on fc.oid = k.confrelid join pg_namespace fn on fn.oid = fc.relnamespace
          join pg_attribute fa on fa.attrelid = k.confrelid and fa.attnum = k.confkey[1]
          where k.conrelid = c.oid and k.contype = 'f' and cardinality(k.conkey) = 1 and k.conkey[1] = a.attnum limit 1)
      ) order by a.attnum)
      from pg_attribute a
      join pg_type t on t.oid = a.atttypid
      join pg_type bt on bt.oid = case when t.typcategory = 'A' then t.typelem else t.oid end
      join pg_namespace bn on bn.oid = bt.typnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition
      and (n.nspname = any(${[...schemas]}::text[]) or (n.nspname = 'auth' and c.relname = 'users'))
      and has_table_privilege(c.oid, 'SELECT')
    order by n.nspname, c.relname
    limit ${MAX_TABLES + 1}`.execute(db);
  const tables = rows.slice(0, MAX_TABLES).map(tableOf);
  return { tables, schemas: [...schemas], truncated: rows.length > MAX_TABLES };
}

function tableOf(raw: RawTable): SnapshotTable {
  const columns: ExternalColumn[] = (raw.columns ?? []).flatMap((c) => {
    const sqlType = safeSqlType(c);
    // A type we cannot write as a cast safely: the column is left out rather than guessed.
    if (sqlType === null) return [];
    return [{
      name: c.name, format: c.format, sql_type: sqlType, type: kindOf(c), nullable: c.nullable, default: c.default,
      pk: c.pk, fk: c.fk, enum: c.enum, unique: c.unique, generated: c.generated,
    }];
  });
  const primaryKey = columns.filter((c) => c.pk).map((c) => c.name);
  const privileges = { insert: raw.can_insert, update: raw.can_update, delete: raw.can_delete };
  const reason: ReadOnlyReason | null =
    raw.schema === "auth" && raw.name === "users" ? "system"
    : raw.relkind === "v" || raw.relkind === "m" || raw.relkind === "f" ? "view"
    : primaryKey.length === 0 ? "no_primary_key"
    : !privileges.insert && !privileges.update && !privileges.delete ? "no_write_privilege"
    : null;
  return {
    schema: raw.schema, name: raw.name, kind: raw.relkind === "r" || raw.relkind === "p" ? "table" : "view",
    columns, primary_key: primaryKey, read_only: reason !== null, read_only_reason: reason, privileges,
  };
}

export const readOnlyMessage = (reason: ReadOnlyReason | null) => (reason ? READ_ONLY_REASONS[reason] : null);
