import { sql, type Kysely } from "kysely";

/**
 * pg-boss 12 (the webhook queue since Node 22) cannot migrate the schema pg-boss 10 made
 * (schema version 24; it starts from 25). The queue only ever holds delivery jobs, each derived
 * from an outbox row: the rows whose jobs were still waiting or running are handed back to the
 * relay (`relayed_at` cleared), then the old schema is dropped, and pg-boss 12 installs its own
 * when the queue next starts. Such an event is delivered again from attempt 1 to each enabled
 * webhook of its form, with the same event id (receivers dedupe by it, docs/webhooks.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: present } = await sql<{ present: boolean }>`select to_regclass('pgboss.version') is not null as present`.execute(db);
  if (!present[0]?.present) return;
  const { rows } = await sql<{ version: number }>`select max(version)::int as version from pgboss.version`.execute(db);
  if ((rows[0]?.version ?? 0) >= 25) return;
  await sql`
    update outbox set relayed_at = null
    where id in (
      select (data->>'outbox_id')::bigint from pgboss.job
      where name = 'webhook-delivery' and state in ('created', 'retry', 'active'))`.execute(db);
  await sql`drop schema pgboss cascade`.execute(db);
}

export async function down(): Promise<void> {
  // pg-boss 10's schema is pg-boss 10's to make.
}
