/**
 * Migration 0015 on a database whose webhook queue pg-boss 10 made (fixtures/pgboss-10-schema.sql):
 * events whose jobs were waiting go back to the relay, delivered ones stay relayed, the old
 * schema goes, and pg-boss 12 then starts on the database.
 */
import { readFileSync } from "node:fs";
import { CompiledQuery, sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../schema";
import { BACKENDS } from "../../test/backends";
import { splitStatements } from "../../webhooks/sql-statements";
import { DeliveryQueue } from "../../webhooks/queue";
import { up } from "./0015-pgboss-12";

const PGBOSS_10 = readFileSync(new URL("./fixtures/pgboss-10-schema.sql", import.meta.url), "utf8");

async function outboxRow(db: Kysely<DB>, formId: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into outbox (form_id, type, payload, relayed_at) values (${formId}, 'response.created', '{}', now()) returning id`.execute(db);
  return Number(rows[0]!.id);
}

describe.each(BACKENDS)("migration 0015 (pg-boss 10 → 12) on $name", (backend) => {
  it.skipIf(!backend.available)("hands waiting deliveries back to the relay, drops pg-boss 10's schema, and pg-boss 12 starts", async () => {
    const database = await backend.open();
    const { db } = database;
    try {
      await db.transaction().execute(async (trx) => {
        for (const statement of splitStatements(PGBOSS_10).filter((s) => !/^(begin|commit)$/i.test(s))) {
          await trx.executeQuery(CompiledQuery.raw(statement));
        }
      });
      await sql`select pgboss.create_queue('webhook-delivery', '{"policy":"standard"}'::json)`.execute(db);
      const org = await sql<{ id: string }>`insert into organization (name, display_name) values ('o0015', 'O') returning id`.execute(db);
      const project = await sql<{ id: string }>`insert into project (organization_id, name) values (${org.rows[0]!.id}, 'p') returning id`.execute(db);
      const form = await sql<{ id: string }>`
        insert into form (project_id, title, table_name) values (${project.rows[0]!.id}, 'f', 'f_0015') returning id`.execute(db);
      const formId = form.rows[0]!.id;
      const waiting = await outboxRow(db, formId);
      const retrying = await outboxRow(db, formId);
      const delivered = await outboxRow(db, formId);
      for (const [id, state] of [[waiting, "created"], [retrying, "retry"], [delivered, "completed"]] as const) {
        await sql`insert into pgboss.job (name, data, state) values ('webhook-delivery', ${JSON.stringify({ outbox_id: id, webhook_id: "x", attempt: 1 })}::jsonb, ${state}::pgboss.job_state)`.execute(db);
      }

      await up(db as Kysely<unknown>);

      const { rows } = await sql<{ id: number; relayed: boolean }>`select id, relayed_at is not null as relayed from outbox order by id`.execute(db);
      expect(rows.map((r) => [Number(r.id), r.relayed])).toEqual([[waiting, false], [retrying, false], [delivered, true]]);
      const schema = await sql<{ n: number }>`select count(*)::int as n from pg_namespace where nspname = 'pgboss'`.execute(db);
      expect(schema.rows[0]!.n).toBe(0);
      const queue = new DeliveryQueue(db, (error) => { throw error; });
      await queue.start();
      await queue.stop();
      const version = await sql<{ version: number }>`select max(version)::int as version from pgboss.version`.execute(db);
      expect(version.rows[0]!.version).toBeGreaterThanOrEqual(25);
      await up(db as Kysely<unknown>); // pg-boss 12's schema is left alone
      expect((await sql<{ n: number }>`select count(*)::int as n from pgboss.version`.execute(db)).rows[0]!.n).toBe(1);
    } finally {
      await database.close();
    }
  }, 60_000);
});
