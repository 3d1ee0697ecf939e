import { sql, type Kysely } from "kysely";
import { managedTable } from "../../tables/managed-names";
import { installResponseCountTrigger, RESPONSE_COUNT_FUNCTION } from "../../tables/response-count-trigger";

/**
 * The total limit counts the responses a form holds (issue 19 item 20,
 * tables/response-count-trigger.ts): `last_local_index` takes over numbering the rows (it
 * never goes back), `response_count` becomes the rows there are, and a statement-level delete
 * trigger on every form table lowers it by the rows a delete removes (new tables get it when
 * created).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table form add column last_local_index integer not null default 0`.execute(db);
  await sql.raw(`
    create function public.${RESPONSE_COUNT_FUNCTION}() returns trigger language plpgsql as $$
    declare
      n bigint;
    begin
      select count(*) into n from fw_gone;
      if n > 0 then
        update public.form set response_count = greatest(response_count - n, 0)::int
        where table_name = TG_TABLE_NAME;
      end if;
      return null;
    end $$`).execute(db);
  const { rows: forms } = await sql<{ id: string; table_name: string }>`select id::text, table_name from form`.execute(db);
  for (const form of forms) {
    const table = managedTable(form.table_name);
    await sql`
      update form set
        last_local_index = greatest(response_count, (select coalesce(max(local_index), 0) from ${table})),
        response_count = (select count(*)::int from ${table})
      where id = ${form.id}::uuid`.execute(db);
    await installResponseCountTrigger(db, form.table_name);
  }
}
