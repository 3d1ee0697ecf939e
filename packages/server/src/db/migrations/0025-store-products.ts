import { sql, type Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * A store's products (spec 2 §7 commerce tables product, product_option,
 * product_option_value; issue 23 "Store"): the store gets a currency (ISO 4217, prices are
 * whole minor units of it), a product a base price, an option value its own price (null:
 * the product's). Each option value has one inventory item (`inventory_item.
 * product_option_value_id`), whose SKU and level are the value's; a form option sells a
 * value when that item names it (`inventory_item.form_field_option_id`, as a tracked option's
 * own item does), so the public form's stock and the submit's commits read it unchanged.
 * `get_inventory_items_with_committed(store_id)` is the spec's RPC: every item of the store
 * with its level.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table store add column currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$');

    create table product (
      id uuid primary key default gen_random_uuid(),
      store_id uuid not null references store(id) on delete cascade,
      name text not null,
      description text null,
      price bigint not null default 0 check (price >= 0 and price <= 1000000000000),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index product_store_idx on product (store_id, created_at);

    create table product_option (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references product(id) on delete cascade,
      name text not null,
      index integer not null default 0,
      created_at timestamptz not null default now()
    );
    create index product_option_product_idx on product_option (product_id, index);

    create table product_option_value (
      id uuid primary key default gen_random_uuid(),
      product_option_id uuid not null references product_option(id) on delete cascade,
      value text not null,
      index integer not null default 0,
      price bigint null check (price is null or (price >= 0 and price <= 1000000000000)),
      created_at timestamptz not null default now()
    );
    create index product_option_value_option_idx on product_option_value (product_option_id, index);

    alter table inventory_item add column product_option_value_id uuid null unique references product_option_value(id) on delete cascade;
  `);
  await sql.raw(`
    create function get_inventory_items_with_committed(p_store_id uuid)
    returns table (
      id uuid, sku text, form_field_option_id uuid, product_option_value_id uuid,
      available integer, on_hand integer, committed integer, unavailable integer, incoming integer
    )
    language sql stable as $$
      select i.id, i.sku, i.form_field_option_id, i.product_option_value_id,
             l.available, l.on_hand, l.committed, l.unavailable, l.incoming
      from inventory_item i join inventory_level l on l.inventory_item_id = i.id
      where i.store_id = p_store_id
      order by i.created_at, i.id
    $$`).execute(db);
}
