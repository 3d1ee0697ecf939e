import { sql, type Kysely } from "kysely";

/**
 * Webhooks (docs/webhooks.md): an owner's `webhook` per form, the `outbox` the submit
 * engine writes in the answer's transaction, and the `webhook_delivery` log of every
 * attempt. The relay moves outbox rows into pg-boss jobs and stamps `relayed_at` in the
 * same transaction; an outbox row with a `webhook_id` is a redelivery for that webhook only
 * and carries the original event's `event_id`. pg-boss installs its own schema (`pgboss`)
 * when the queue starts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook (
      id uuid primary key default gen_random_uuid(),
      form_id uuid not null references form(id) on delete cascade,
      url text not null,
      secret text not null,
      enabled boolean not null default true,
      events text[] not null default '{response.created}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhook_form_idx on webhook (form_id)`.execute(db);
  await sql`
    create table outbox (
      id bigint generated always as identity primary key,
      form_id uuid not null references form(id) on delete cascade,
      type text not null,
      payload jsonb not null,
      created_at timestamptz not null default now(),
      event_id uuid not null default gen_random_uuid(),
      webhook_id uuid references webhook(id) on delete cascade,
      relayed_at timestamptz
    )`.execute(db);
  await sql`create index outbox_pending_idx on outbox (id) where relayed_at is null`.execute(db);
  await sql`
    create table webhook_delivery (
      id bigint generated always as identity primary key,
      webhook_id uuid not null references webhook(id) on delete cascade,
      form_id uuid not null references form(id) on delete cascade,
      outbox_id bigint not null references outbox(id) on delete cascade,
      event_id uuid not null,
      event_type text not null,
      attempt integer not null,
      status text not null check (status in ('delivered', 'retrying', 'failed')),
      http_status integer,
      duration_ms integer not null,
      response_excerpt text,
      error text,
      next_retry_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhook_delivery_form_idx on webhook_delivery (form_id, id desc)`.execute(db);
  await sql`create index webhook_delivery_webhook_idx on webhook_delivery (webhook_id, id desc)`.execute(db);
}
