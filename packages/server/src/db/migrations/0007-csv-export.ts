import { sql, type Kysely } from "kysely";

/**
 * `fieldwork_csv_cell(value json)`: one CSV field (RFC 4180) of a value, written from its
 * JSON so an export's CSV reads like the Data API's JSON (ISO timestamps, lists and
 * objects as JSON text, `true`/`false`, an empty field for null). Exports build each line
 * in Postgres, so the server passes text through instead of parsing every row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`
    create function public.fieldwork_csv_cell(value json) returns text
    language sql immutable parallel safe as $$
      select case
        when s is null then ''
        when strpos(s, '"') > 0 or strpos(s, ',') > 0 or strpos(s, chr(10)) > 0 or strpos(s, chr(13)) > 0
          then '"' || replace(s, '"', '""') || '"'
        else s
      end
      from (select case
        when value is null or json_typeof(value) = 'null' then null
        when json_typeof(value) in ('object', 'array') then value::text
        else value #>> '{}'
      end as s) cell
    $$`).execute(db);
}
