import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * Issue 19 (trust):
 * - `sign_in_failure`: failed sign-ins per account (the SHA-256 of the lowercased email, so a
 *   password typed into the email field is not stored), with the back-off's end, in Postgres so
 *   the limit holds across instances.
 * - `project_api_key.expires_at`: an optional expiry; an expired key answers 401.
 * - `webhook.consecutive_failures` / `paused_at`: the circuit breaker that pauses a dead endpoint.
 * - `organization_invitation.email` / `invitee_user_id`: an owner's "add by email" is an
 *   invitation to that account, which its owner accepts or declines (never a direct add).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create table sign_in_failure (
      key text primary key,
      failures integer not null,
      last_failure_at timestamptz not null,
      blocked_until timestamptz
    );
    alter table project_api_key add column expires_at timestamptz;
    alter table webhook add column consecutive_failures integer not null default 0;
    alter table webhook add column paused_at timestamptz;
    alter table organization_invitation add column email text;
    alter table organization_invitation add column invitee_user_id text references app_user(id) on delete cascade;
    create index organization_invitation_invitee on organization_invitation(invitee_user_id) where invitee_user_id is not null;
  `);
}
