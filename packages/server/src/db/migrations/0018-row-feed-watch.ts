import { ROW_CHANGE_CHANNEL } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import { ROW_FEED_FUNCTION } from "../../tables/row-feed-triggers";
import { ROW_FEED_WATCH_TABLE } from "../../realtime/row-feed-watch";

/**
 * The live row feed notifies only while someone watches the table (issue 20 item 5): a
 * NOTIFY takes a database-wide lock at commit, which on every insert cost a form table most
 * of its write rate. `row_feed_watch` holds one row per watched managed table, kept alive by
 * the feeds that have subscribers (realtime/row-feed-watch.ts); the triggers' function (the
 * one every managed table's row-feed triggers call, so existing tables change with it) returns
 * at once when its table has no live row there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const channel = ROW_CHANGE_CHANNEL;
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`unexpected channel name ${channel}`);
  await sql.raw(`
    create table public.${ROW_FEED_WATCH_TABLE} (
      table_name text primary key,
      watched_until timestamptz not null
    )`).execute(db);
  await sql.raw(`
    create or replace function public.${ROW_FEED_FUNCTION}() returns trigger language plpgsql as $$
    declare
      n bigint;
    begin
      if not exists (select 1 from public.${ROW_FEED_WATCH_TABLE} w
                     where w.table_name = TG_TABLE_NAME and w.watched_until > now()) then
        return null;
      end if;
      select count(*) into n from fw_rows;
      if n > 0 then
        perform pg_notify('${channel}',
          json_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'count', n)::text);
      end if;
      return null;
    end $$`).execute(db);
}
