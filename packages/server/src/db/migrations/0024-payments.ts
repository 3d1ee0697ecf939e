import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * Payments (issue 23, docs/payments.md): options take a price in minor units; `payment` holds
 * one attempt to pay for a session's answer (the stock it holds, the amount the server
 * computed, the provider's id, where it stands, the row it paid for); `payment_movement`
 * records every money movement the provider made (a charge, a refund) with its status.
 * Stock held by a payment leaves `available` with a `reserve` commit and comes back with a
 * `release` one; a completed payment's units become `committed` with an `order` commit
 * (diff 0: they left `available` when reserved).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table form_field_option add column price integer null check (price > 0);
    alter table inventory_level_commit drop constraint inventory_level_commit_reason_check;
    alter table inventory_level_commit add constraint inventory_level_commit_reason_check
      check (reason in ('initialize', 'adjust', 'order', 'reserve', 'release'));
    create table payment (
      id uuid primary key default gen_random_uuid(),
      form_id uuid not null references form(id) on delete cascade,
      session_id uuid not null,
      response_id uuid null,
      provider text not null check (provider in ('stripe', 'tosspayments')),
      provider_id text null,
      amount integer not null check (amount > 0),
      currency text not null,
      status text not null check (status in ('pending', 'paid', 'completed', 'failed', 'expired', 'refunded')),
      message text null,
      held_level_ids uuid[] not null default '{}',
      answers jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create unique index payment_session_active_idx on payment (session_id) where status in ('pending', 'paid', 'completed');
    create unique index payment_provider_id_idx on payment (provider, provider_id);
    create index payment_form_idx on payment (form_id, created_at);
    create index payment_expiry_idx on payment (expires_at) where status in ('pending', 'paid');
    create table payment_movement (
      id bigint generated always as identity primary key,
      payment_id uuid not null references payment(id) on delete cascade,
      response_id uuid null,
      kind text not null check (kind in ('charge', 'refund')),
      provider text not null,
      provider_id text not null,
      amount integer not null,
      currency text not null,
      status text not null,
      created_at timestamptz not null default now(),
      unique (provider, provider_id, kind)
    );
  `);
}
