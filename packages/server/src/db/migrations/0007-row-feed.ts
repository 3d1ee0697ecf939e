import { ROW_CHANGE_CHANNEL } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import { installRowFeedTriggers, ROW_FEED_FUNCTION } from "../../tables/row-feed-triggers";

/**
 * The live row feed (docs/ARCHITECTURE.md "Live rows"): a statement-level trigger function
 * that notifies `fieldwork_rows` with `{"table", "op", "count"}`, counting the statement's
 * rows in its transition table (`fw_rows`, whichever event), and its triggers on every form
 * table made before it (tables/row-feed-triggers.ts; new tables get them when created). A
 * statement that wrote no rows (an update matching none) stays quiet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const channel = ROW_CHANGE_CHANNEL;
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`unexpected channel name ${channel}`);
  await sql.raw(`
    create function public.${ROW_FEED_FUNCTION}() returns trigger language plpgsql as $$
    declare
      n bigint;
    begin
      select count(*) into n from fw_rows;
      if n > 0 then
        perform pg_notify('${channel}',
          json_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'count', n)::text);
      end if;
      return null;
    end $$`).execute(db);
  const { rows: forms } = await sql<{ table_name: string }>`select table_name from form`.execute(db);
  for (const form of forms) await installRowFeedTriggers(db, form.table_name);
}
