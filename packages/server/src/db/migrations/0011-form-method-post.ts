import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * Forms always post their answers (docs/ARCHITECTURE.md "Submits"): a form saved with the
 * withdrawn GET method goes back to POST, and the column takes only 'post'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    update form set method = 'post' where method <> 'post';
    alter table form drop constraint form_method_check;
    alter table form add constraint form_method_check check (method = 'post');
  `);
}
