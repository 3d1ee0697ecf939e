import { sql, type Kysely } from "kysely";

/**
 * `fieldwork_castable(value, type)`: whether a text value reads as one of the managed
 * column types, by trying the real cast (PostgreSQL 15 has no `pg_input_is_valid`). The
 * form editor asks it, row by row, before converting a field's column to a new type, and
 * refuses the change naming the rows that would not convert.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`
    create function fieldwork_castable(value text, target text) returns boolean
    language plpgsql stable as $$
    begin
      case target
        when 'numeric' then perform value::numeric;
        when 'boolean' then perform value::boolean;
        when 'date' then perform value::date;
        when 'time' then perform value::time;
        when 'timestamptz' then perform value::timestamptz;
        when 'jsonb' then perform value::jsonb;
        else null;
      end case;
      return true;
    exception when others then
      return false;
    end $$`).execute(db);
}
