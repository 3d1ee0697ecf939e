import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * Invitation links to an organization: a secret token (only its SHA-256 is kept) that any
 * signed-in person can accept once, before it expires, to join with its role. Nothing here
 * can send email, and without verified emails an invitation "for bob@…" would let whoever
 * signs up as bob@… in; a link the owner hands over does not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create table organization_invitation (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organization(id) on delete cascade,
      role text not null check (role in ('owner', 'editor', 'viewer')),
      label text,
      token_hash text not null unique,
      created_by text references app_user(id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      accepted_by text references app_user(id) on delete set null,
      accepted_at timestamptz
    );
    create index organization_invitation_org on organization_invitation(organization_id);
  `);
}
