import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * Files of answers (issue 21): the unit of work between stored objects and rows.
 *
 * `upload_grant` names every object written for an answer that has no row yet: a signed
 * upload of a session's field (issued by the field's request url) and a file streamed from a
 * multipart submit (written before its bytes arrive). A submit claims its grants (deletes them)
 * in the transaction that writes the row; the retention job removes the objects of grants
 * that were never claimed, so a crash at any point leaves no object that nothing removes.
 *
 * `storage_move` is the outbox of staged files: the row is written with each file's final
 * path and one move per file in the same transaction; a job moves `from_key` to `to_key`
 * (idempotent) and deletes the move; until then a reader of `to_key` finds the bytes at
 * `from_key`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create table upload_grant (
      key text primary key,
      form_id uuid not null,
      field_id uuid not null,
      session_id uuid,
      max_bytes bigint not null,
      created_at timestamptz not null default now()
    );
    create index upload_grant_created_at on upload_grant (created_at);
    create index upload_grant_session on upload_grant (session_id, field_id);
    create table storage_move (
      id bigserial primary key,
      from_key text not null,
      to_key text not null unique,
      created_at timestamptz not null default now()
    );
  `);
}
