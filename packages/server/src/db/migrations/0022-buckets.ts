import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * Storage buckets (issue 21 item 9): a `v0_bucket` document and its bucket share one id. The
 * bucket's objects live under `buckets/{id}/` in the app's storage (never a form's folder,
 * which is a form id, nor `tmp/`); its name is the document's title. `public`: its objects are
 * served at a stable public URL; otherwise only through signed URLs given to members.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create table bucket (
      id uuid primary key references document(id) on delete cascade,
      project_id uuid not null references project(id) on delete cascade,
      public boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index bucket_project_idx on bucket (project_id);
    insert into bucket (id, project_id) select id, project_id from document where doctype = 'v0_bucket';
  `);
}
