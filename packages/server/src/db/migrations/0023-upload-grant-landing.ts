import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * Upload grants say whether their bytes landed (issue 21): a signed upload's grant is written
 * when its URL is asked for, `stored_at` is set when its PUT lands (a submit names only landed
 * uploads; retention removes grants whose PUT never came once their URL has expired). An owner's
 * added file (`row_id`, `name`) joins the row's answer only when its PUT lands, in the
 * transaction that removes the grant: the row never points at a file that is not there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table upload_grant add column stored_at timestamptz;
    alter table upload_grant add column row_id uuid;
    alter table upload_grant add column name text;
  `);
}
