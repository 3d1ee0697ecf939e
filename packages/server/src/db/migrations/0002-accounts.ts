import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * Accounts (the tables better-auth reads and writes, in snake_case), profiles, organization
 * members with roles, project API keys and the audit log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create table app_user (
      id text primary key,
      name text not null,
      email text not null unique,
      email_verified boolean not null default false,
      image text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table auth_session (
      id text primary key,
      user_id text not null references app_user(id) on delete cascade,
      token text not null unique,
      expires_at timestamptz not null,
      ip_address text,
      user_agent text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index auth_session_user_id on auth_session(user_id);

    create table auth_account (
      id text primary key,
      user_id text not null references app_user(id) on delete cascade,
      account_id text not null,
      provider_id text not null,
      access_token text,
      refresh_token text,
      id_token text,
      access_token_expires_at timestamptz,
      refresh_token_expires_at timestamptz,
      scope text,
      password text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index auth_account_user_id on auth_account(user_id);

    create table auth_verification (
      id text primary key,
      identifier text not null,
      value text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table auth_rate_limit (
      id text primary key,
      key text not null unique,
      count integer not null,
      last_request bigint not null
    );

    create table user_profile (
      uid text primary key references app_user(id) on delete cascade,
      display_name text not null,
      avatar_path text
    );

    create table organization_member (
      organization_id uuid not null references organization(id) on delete cascade,
      user_id text not null references app_user(id) on delete cascade,
      role text not null check (role in ('owner', 'editor', 'viewer')),
      created_at timestamptz not null default now(),
      primary key (organization_id, user_id)
    );
    create index organization_member_user_id on organization_member(user_id);

    create table project_api_key (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references project(id) on delete cascade,
      name text not null,
      role text not null check (role in ('owner', 'editor', 'viewer')),
      prefix text not null,
      token_hash text not null unique,
      created_by text references app_user(id) on delete set null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    );

    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      event text not null,
      user_id text,
      api_key_id uuid,
      ip text,
      method text,
      path text,
      status integer,
      details jsonb not null default '{}'
    );
    create index audit_log_at on audit_log(at);
  `);
}
