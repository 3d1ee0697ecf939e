import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * Organizations, projects, documents, forms with their fields, options, optgroups and
 * blocks, form documents, customers and response sessions. Answers live in one managed
 * table per form in the `form_data` schema (see tables/managed-table.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create schema if not exists form_data;

    create table organization (
      id uuid primary key default gen_random_uuid(),
      name text not null unique,
      display_name text not null,
      created_at timestamptz not null default now()
    );

    create table project (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organization(id) on delete cascade,
      name text not null,
      created_at timestamptz not null default now(),
      unique (organization_id, name)
    );

    create table document (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references project(id) on delete cascade,
      doctype text not null check (doctype in ('v0_form', 'v0_site', 'v0_schema', 'v0_bucket', 'v0_canvas')),
      title text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table form (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references project(id) on delete cascade,
      document_id uuid references document(id) on delete set null,
      title text not null,
      description text,
      method text not null default 'post' check (method in ('post', 'get')),
      unknown_field_handling_strategy text not null default 'ignore'
        check (unknown_field_handling_strategy in ('ignore', 'accept', 'reject')),
      is_published boolean not null default false,
      is_force_closed boolean not null default false,
      is_scheduling_enabled boolean not null default false,
      scheduling_open_at timestamptz,
      scheduling_close_at timestamptz,
      scheduling_tz text,
      max_form_responses_in_total integer check (max_form_responses_in_total > 0),
      max_form_responses_by_customer integer check (max_form_responses_by_customer > 0),
      table_name text not null unique,
      response_count integer not null default 0,
      -- Bumped by every change to the form's definition (settings, document, fields,
      -- options, blocks); cached definitions are checked against it.
      revision integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table form_document (
      id uuid primary key default gen_random_uuid(),
      form_id uuid not null unique references form(id) on delete cascade,
      project_id uuid not null references project(id) on delete cascade,
      start_page jsonb,
      lang text not null default 'en',
      stylesheet jsonb not null default '{}',
      background jsonb,
      is_powered_by_branding_enabled boolean not null default true,
      optimize_for_cjk boolean not null default false,
      is_ending_page_enabled boolean not null default false,
      ending_title text,
      ending_body_html text,
      redirect_after_response_uri text,
      created_at timestamptz not null default now()
    );

    create table form_field (
      id uuid primary key default gen_random_uuid(),
      form_id uuid not null references form(id) on delete cascade,
      name text not null,
      label text,
      type text not null,
      placeholder text,
      help_text text,
      required boolean not null default false,
      readonly boolean not null default false,
      pattern text,
      step double precision,
      min jsonb,
      max jsonb,
      autocomplete text,
      accept text,
      multiple boolean not null default false,
      is_array boolean not null default false,
      data jsonb,
      v_value jsonb,
      upload jsonb,
      resolve jsonb,
      storage jsonb,
      reference jsonb,
      options_inventory jsonb,
      local_index integer not null default 0,
      created_at timestamptz not null default now(),
      unique (form_id, name)
    );

    create table optgroup (
      id uuid primary key default gen_random_uuid(),
      form_id uuid not null references form(id) on delete cascade,
      form_field_id uuid not null references form_field(id) on delete cascade,
      label text not null,
      disabled boolean not null default false,
      index integer not null default -999,
      created_at timestamptz not null default now()
    );

    create table form_field_option (
      id uuid primary key default gen_random_uuid(),
      form_id uuid not null references form(id) on delete cascade,
      form_field_id uuid not null references form_field(id) on delete cascade,
      value text not null,
      label text,
      src text,
      disabled boolean not null default false,
      index integer not null default 0,
      optgroup_id uuid references optgroup(id) on delete set null,
      created_at timestamptz not null default now(),
      unique (form_field_id, value)
    );

    create table form_block (
      id uuid primary key default gen_random_uuid(),
      form_id uuid not null references form(id) on delete cascade,
      form_page_id uuid not null references form_document(id) on delete cascade,
      parent_id uuid references form_block(id) on delete cascade,
      type text not null check (type in ('section', 'field', 'html', 'header', 'image', 'video', 'pdf', 'divider', 'group')),
      local_index integer not null default 0,
      form_field_id uuid references form_field(id) on delete set null,
      v_hidden jsonb,
      attributes jsonb,
      body_html text,
      title_html text,
      description_html text,
      src text,
      data jsonb,
      created_at timestamptz not null default now()
    );
    create index form_block_form_id on form_block(form_id);

    create table customer (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references project(id) on delete cascade,
      uid bigint generated always as identity,
      email text,
      phone text,
      visitor_id text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      unique (project_id, visitor_id)
    );

    create table response_session (
      id uuid primary key default gen_random_uuid(),
      form_id uuid not null references form(id) on delete cascade,
      customer_id uuid references customer(id) on delete set null,
      visitor_id text,
      raw jsonb not null default '{}',
      user_agent text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      submitted_at timestamptz
    );
    create index response_session_form_id on response_session(form_id);
  `);
}
