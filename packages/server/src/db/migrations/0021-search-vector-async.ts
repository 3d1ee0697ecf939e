import { ROW_CHANGE_CHANNEL } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import { ROW_FEED_WATCH_TABLE } from "../../realtime/row-feed-watch";
import { ROW_FEED_FUNCTION } from "../../tables/row-feed-triggers";
import { SEARCH_COLUMN, SEARCH_FILL_SETTING, SEARCH_STALE_FUNCTION, syncSearchVector } from "../../tables/search-vector";

/**
 * The search vector off the submit path (tables/search-vector.ts, issue 20 item 5): every
 * managed table's generated `__fw_search` becomes a plain column that inserts leave null and
 * the filler fills. Dropping the generated column and adding the plain one change only the
 * catalog (no rewrite); the new indexes read the table once. Search stays exact meanwhile, and
 * the filler (tables/search-filler.ts) fills the existing rows when the server starts.
 *
 * The row feed's function learns to ignore the filler's updates: they change no answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!/^[a-z_.]+$/.test(SEARCH_FILL_SETTING) || !/^[a-z_]+$/.test(ROW_CHANGE_CHANNEL)) throw new Error("unexpected names");
  await sql.raw(`
    create or replace function public.${SEARCH_STALE_FUNCTION}() returns trigger language plpgsql as $$
    begin
      new.${SEARCH_COLUMN} := null;
      return new;
    end $$`).execute(db);
  await sql.raw(`
    create or replace function public.${ROW_FEED_FUNCTION}() returns trigger language plpgsql as $$
    declare
      n bigint;
    begin
      if current_setting('${SEARCH_FILL_SETTING}', true) = 'on' then
        return null;
      end if;
      if not exists (select 1 from public.${ROW_FEED_WATCH_TABLE} w
                     where w.table_name = TG_TABLE_NAME and w.watched_until > now()) then
        return null;
      end if;
      select count(*) into n from fw_rows;
      if n > 0 then
        perform pg_notify('${ROW_CHANGE_CHANNEL}',
          json_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'count', n)::text);
      end if;
      return null;
    end $$`).execute(db);
  const { rows } = await sql<{ table_name: string }>`
    select f.table_name from form f
    where exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname = 'form_data' and c.relname = f.table_name)`.execute(db);
  for (const { table_name } of rows) await syncSearchVector(db, table_name);
}
