/**
 * Runs core's DDL plans (`planCreateTable`, `planAddAttribute`, `planChangeAttribute`) on a
 * schema table. Every name is a quoted identifier (`sql.id`) that passed core's identifier
 * rules; a table is named by its id (`t_<32 hex>`), never by the owner's text; a default
 * is a literal checked by core and cast to the column type, or a function of the
 * allow-list. Types come from core's closed list (`AttributeColumnType`).
 */
import { FieldworkError, type AttributeColumnType, type AttributeDefault, type DdlStep } from "@fieldwork/core";
import { sql, type RawBuilder } from "kysely";
import { managedTable, type Executor } from "../tables/managed-names";
import { dropColumnIndexes } from "../tables/table-indexes";
import { conversionOf, typeSql, unconvertibleKeys } from "./schema-convert";

/** The Postgres table of a schema table: named by its id only. */
export const physicalTableName = (id: string) => `t_${id.replaceAll("-", "")}`;

function defaultSql(def: AttributeDefault, type: AttributeColumnType): RawBuilder<unknown> {
  if (def.kind === "now") return type === "date" ? sql`current_date` : sql`now()`;
  if (def.kind === "gen_random_uuid") return sql`gen_random_uuid()`;
  return sql`${sql.lit(String(def.value))}::${typeSql(type)}`;
}

export interface DdlContext {
  /** The Postgres table (`t_…`) of this table. */
  table: string;
  /** The Postgres table of another table of the same schema document, by its name. */
  tableOf(name: string): string;
  /** The primary key column, which names the rows a conversion would fail on. */
  key: string;
}

/** Postgres refusing a DDL because of the rows (nulls, duplicates, a check, a reference, a default's cast): 409 with its words. */
export function ddlErrorOf(error: unknown): FieldworkError | undefined {
  if (error instanceof FieldworkError) return error;
  const { code, message = "" } = error as { code?: unknown; message?: string };
  if (typeof code !== "string") return undefined;
  const text = message.slice(0, 300);
  if (code.startsWith("23")) return new FieldworkError("CONSTRAINT_REFUSED", text);
  if (code.startsWith("22")) return new FieldworkError("ATTRIBUTE_INVALID", text);
  // A referenced column's type changed under its references, or the like.
  if (code === "42804" || code === "0A000" || code === "2BP01") return new FieldworkError("TABLE_REFERENCED", text);
  return undefined;
}

export async function runDdl(trx: Executor, ctx: DdlContext, steps: readonly DdlStep[]): Promise<void> {
  const table = managedTable(ctx.table);
  const alter = (rest: RawBuilder<unknown>) => sql`alter table ${table} ${rest}`.execute(trx);
  for (const step of steps) {
    switch (step.op) {
      case "create_table": {
        const columns = step.columns.map((c) => sql`${sql.id(c.name)} ${typeSql(c.type)}`);
        await sql`create table ${table} (${sql.join(columns)}, primary key (${sql.id(step.primary_key)}))`.execute(trx);
        break;
      }
      case "add_column":
        await alter(sql`add column ${sql.id(step.name)} ${typeSql(step.type)}${step.default ? sql` default ${defaultSql(step.default, step.type)}` : sql``}`);
        break;
      case "drop_column":
        await dropColumnIndexes(trx, ctx.table, step.name);
        await alter(sql`drop column ${sql.id(step.name)}`);
        break;
      case "rename_column":
        await alter(sql`rename column ${sql.id(step.from)} to ${sql.id(step.to)}`);
        break;
      case "retype_column": {
        const keys = await unconvertibleKeys(trx, ctx.table, ctx.key, step.name, step.from, step.to);
        if (keys.length) {
          throw new FieldworkError("COLUMN_TYPE_CHANGE_REFUSED",
            `Some rows cannot be converted from ${step.from} to ${step.to}: ${ctx.key} ${keys.join(", ")}.`, [step.name], { keys });
        }
        await dropColumnIndexes(trx, ctx.table, step.name);
        await alter(sql`alter column ${sql.id(step.name)} type ${typeSql(step.to)} using ${conversionOf(sql.id(step.name), step.from, step.to)}`);
        break;
      }
      case "set_not_null": await alter(sql`alter column ${sql.id(step.name)} set not null`); break;
      case "drop_not_null": await alter(sql`alter column ${sql.id(step.name)} drop not null`); break;
      case "drop_default": await alter(sql`alter column ${sql.id(step.name)} drop default`); break;
      case "set_default": await alter(sql`alter column ${sql.id(step.name)} set default ${defaultSql(step.default, step.type)}`); break;
      case "add_unique": await alter(sql`add constraint ${sql.id(step.constraint)} unique (${sql.id(step.name)})`); break;
      case "add_enum_check": {
        const values = sql`array[${sql.join(step.values.map((v) => sql.lit(v)))}]::text[]`;
        const check = step.is_array ? sql`${sql.id(step.name)} <@ ${values}` : sql`${sql.id(step.name)} = any(${values})`;
        await alter(sql`add constraint ${sql.id(step.constraint)} check (${check})`);
        break;
      }
      case "add_foreign_key":
        await alter(sql`add constraint ${sql.id(step.constraint)} foreign key (${sql.id(step.name)})
          references ${managedTable(ctx.tableOf(step.references.table))} (${sql.id(step.references.column)})`);
        break;
      case "drop_constraint": await alter(sql`drop constraint if exists ${sql.id(step.constraint)}`); break;
    }
  }
}
