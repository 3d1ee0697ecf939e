import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * What a receipt of a payment says (issue 23 item 6; the email comes later): `receipt` holds,
 * from Pay, the buyer's email when the form asks for one and the lines bought (field and
 * option, label, the store product's names and SKU, quantity, unit price, amount), the total
 * and currency (core's `paymentReceipt`). Null for payments made before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table payment add column receipt jsonb null;
  `);
}
