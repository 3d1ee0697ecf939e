/**
 * The runner starts pg-boss only once a webhook exists: before that, relay passes stamp the
 * outbox without loading the queue (no `pgboss` schema, no workers polling); the pass after a
 * webhook appears starts the queue and relays to it.
 */
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../db/schema";
import { BACKENDS } from "../test/backends";
import { DEFAULT_WEBHOOK_CONFIG } from "./config";
import { WebhookRunner } from "./runner";

const pgBossInstalled = async (db: Kysely<DB>) =>
  (await sql<{ present: boolean }>`select to_regclass('pgboss.version') is not null as present`.execute(db)).rows[0]!.present;

describe.each(BACKENDS)("webhook runner on $name", (backend) => {
  it.skipIf(!backend.available)("leaves pg-boss unloaded until the first webhook, then relays to it", async () => {
    const database = await backend.open();
    const { db } = database;
    const runner = new WebhookRunner(db, { ...DEFAULT_WEBHOOK_CONFIG, allowPrivateNetworks: true }, { warn: () => {}, error: () => {} });
    try {
      const org = await sql<{ id: string }>`insert into organization (name, display_name) values ('runner', 'R') returning id`.execute(db);
      const project = await sql<{ id: string }>`insert into project (organization_id, name) values (${org.rows[0]!.id}, 'p') returning id`.execute(db);
      const form = await sql<{ id: string }>`insert into form (project_id, title, table_name) values (${project.rows[0]!.id}, 'f', 'f_runner') returning id`.execute(db);
      const formId = form.rows[0]!.id;
      const event = () => sql`insert into outbox (form_id, type, payload) values (${formId}, 'response.created', '{}')`.execute(db);

      await runner.start({ relay: false, deliver: false });
      await event();
      expect(await runner.relayOnce()).toBe(1);
      expect(await pgBossInstalled(db)).toBe(false);

      await sql`insert into webhook (form_id, url, secret) values (${formId}, 'http://127.0.0.1:9/hook', 's')`.execute(db);
      await event();
      expect(await runner.relayOnce()).toBe(1);
      expect(await pgBossInstalled(db)).toBe(true);
      const jobs = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'webhook-delivery'`.execute(db);
      expect(jobs.rows[0]!.n).toBe(1);
    } finally {
      await runner.stop();
      await database.close();
    }
  }, 60_000);
});
