import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * The outbox of files to remove (issue 21 item 10): deleting rows, a file field or a form
 * writes, in its own transaction, one `storage_delete` per stored path (`prefix = false`) and
 * per answer folder or form folder (`prefix = true`, a key ending in `/`). A job
 * (forms/files/storage-deletes.ts) removes the objects and then the entry: idempotent, so a
 * crash at any point leaves an entry that the next pass finishes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create table storage_delete (
      id bigserial primary key,
      key text not null,
      prefix boolean not null default false,
      created_at timestamptz not null default now()
    );
  `);
}
