import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * External database connections (issue 24 item 3; server/src/external/). The secret (the
 * whole connection URL, and a Supabase service key) is kept only sealed with AES-256-GCM
 * (external/secret-box.ts): `secret` is `v1.<iv>.<tag>.<ciphertext>` in base64url. The host,
 * database and user are kept apart, masked, for display. `snapshot` is the last
 * introspection (tables, columns, keys, privileges), `schema_names` the schemas it reads.
 * A form may write into one of its tables (`form.external_target`, item 4).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create table x_connection (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references project(id) on delete cascade,
      kind text not null check (kind in ('postgres', 'supabase')),
      secret text not null,
      host_masked text not null,
      database_masked text not null,
      user_masked text not null,
      project_url text,
      schema_names text[] not null default '{public}',
      snapshot jsonb,
      refreshed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index x_connection_project on x_connection (project_id);
    create table x_form_target (
      form_id uuid primary key references form(id) on delete cascade,
      connection_id uuid not null references x_connection(id) on delete cascade,
      schema_name text not null,
      table_name text not null,
      mapping jsonb not null,
      created_at timestamptz not null default now()
    );
    create index x_form_target_connection on x_form_target (connection_id);
  `);
}
