import { sql, type Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * Commerce inventory (spec 2 §3 "Inventory", §7 commerce tables): a project's stores, a form
 * linked to one (`form.store_id`), one inventory item per tracked option (its `sku`), the
 * item's level (available, on_hand, committed, unavailable, incoming; never negative) and
 * the level's commits (diff, reason), which are immutable: a trigger refuses every UPDATE
 * and every DELETE but the cascade from their level (the level row is already gone then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create table store (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references project(id) on delete cascade,
      name text not null,
      created_at timestamptz not null default now()
    );
    create index store_project_idx on store (project_id);

    alter table form add column store_id uuid null references store(id) on delete set null;

    create table inventory_item (
      id uuid primary key default gen_random_uuid(),
      store_id uuid not null references store(id) on delete cascade,
      sku text not null,
      form_field_option_id uuid unique references form_field_option(id) on delete set null,
      created_at timestamptz not null default now(),
      unique (store_id, sku)
    );

    create table inventory_level (
      id uuid primary key default gen_random_uuid(),
      inventory_item_id uuid not null unique references inventory_item(id) on delete cascade,
      available integer not null check (available >= 0),
      on_hand integer not null check (on_hand >= 0),
      committed integer not null default 0 check (committed >= 0),
      unavailable integer not null default 0 check (unavailable >= 0),
      incoming integer not null default 0 check (incoming >= 0),
      updated_at timestamptz not null default now()
    );

    create table inventory_level_commit (
      id bigint generated always as identity primary key,
      inventory_level_id uuid not null references inventory_level(id) on delete cascade,
      diff integer not null,
      reason text not null check (reason in ('initialize', 'adjust', 'order')),
      form_id uuid,
      response_id uuid,
      created_at timestamptz not null default now()
    );
    create index inventory_level_commit_level_idx on inventory_level_commit (inventory_level_id, id);
  `);
  await sql.raw(`
    create function fieldwork_inventory_commit_immutable() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'DELETE' and not exists (select 1 from inventory_level where id = old.inventory_level_id) then
        return old;
      end if;
      raise exception 'inventory_level_commit rows are immutable (% refused)', TG_OP
        using errcode = 'restrict_violation';
    end $$`).execute(db);
  await sql.raw(`
    create trigger inventory_level_commit_immutable
      before update or delete on inventory_level_commit
      for each row execute function fieldwork_inventory_commit_immutable()
  `).execute(db);
}
