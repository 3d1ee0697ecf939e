import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * What unsubmitted sessions of each form hold in partial answers, in bytes (issue 19 item
 * 8): a session PATCH adds its growth here in the same statement and is refused once the
 * form's cap is reached; the hourly retention job recounts it from the sessions that are
 * left. Its own table, so a PATCH never waits on the form row a submit batch locks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create table form_partial_bytes (
      form_id uuid primary key references form(id) on delete cascade,
      bytes bigint not null default 0
    );
  `);
}
