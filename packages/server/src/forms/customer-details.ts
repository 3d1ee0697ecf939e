/**
 * A customer's side sheet (`CustomerDetails`, spec 3 §3 Customer): the customer row and its
 * newest responses across the project's forms.
 *
 * A response names its customer only in its form's table (`customer_id`, indexed in every
 * managed table). Sessions are no shortcut: a submit may carry a visitor id without a
 * session. So the responses are one statement per 100 forms of the project, each form's
 * table probed through its `customer_id` index for its newest rows:
 *
 * ```sql
 * select * from (
 *   (select id, '…'::uuid as form_id, local_index, created_at from form_data."signup_1a2b3c4d"
 *    where customer_id = $1 order by created_at desc limit 50)
 *   union all (…)
 * ) r order by created_at desc limit 50
 * ```
 */
import { LIMITS, type CustomerDetails, type CustomerResponse } from "@fieldwork/core";
import { sql, type Kysely, type Selectable } from "kysely";
import type { CustomerTable, DB } from "../db/schema";
import { managedTable } from "../tables/managed-names";
import { isUuid } from "./form-record";

/** Forms probed by one statement. */
const FORMS_PER_STATEMENT = 100;
const UNDEFINED_TABLE = "42P01";

export type CustomerRow = Selectable<CustomerTable>;

/** The customer, or undefined for an unknown or malformed id. */
export async function findCustomer(db: Kysely<DB>, customerId: string): Promise<CustomerRow | undefined> {
  if (!isUuid(customerId)) return undefined;
  return db.selectFrom("customer").selectAll().where("id", "=", customerId).executeTakeFirst();
}

export async function customerDetails(db: Kysely<DB>, customer: CustomerRow): Promise<CustomerDetails> {
  return {
    id: customer.id,
    uid: Number(customer.uid),
    // Fieldwork stores no external uuid nor provisional contacts for a customer yet.
    uuid: null,
    email: customer.email,
    email_provisional: null,
    phone: customer.phone,
    phone_provisional: null,
    visitor_id: customer.visitor_id,
    created_at: customer.created_at.toISOString(),
    last_seen_at: customer.last_seen_at.toISOString(),
    responses: await customerResponses(db, customer),
  };
}

/** Newest first, at most `LIMITS.customer_responses_shown`, across the customer's project. */
export async function customerResponses(db: Kysely<DB>, customer: CustomerRow): Promise<CustomerResponse[]> {
  try {
    return await readResponses(db, customer);
  } catch (error) {
    // A form deleted between listing the forms and reading its table: list them again.
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return readResponses(db, customer);
    throw error;
  }
}

async function readResponses(db: Kysely<DB>, customer: CustomerRow): Promise<CustomerResponse[]> {
  const limit = LIMITS.customer_responses_shown;
  const forms = await db.selectFrom("form").select(["id", "title", "table_name"])
    .where("project_id", "=", customer.project_id).orderBy("id").execute();
  const titles = new Map(forms.map((f) => [f.id, f.title]));
  const found: { id: string; form_id: string; local_index: number; created_at: Date }[] = [];
  for (let start = 0; start < forms.length; start += FORMS_PER_STATEMENT) {
    const branches = forms.slice(start, start + FORMS_PER_STATEMENT).map((form) => sql`(
      select id, ${form.id}::uuid as form_id, local_index, created_at from ${managedTable(form.table_name)}
      where customer_id = ${customer.id}::uuid order by created_at desc, local_index desc limit ${limit})`);
    const { rows } = await sql<(typeof found)[number]>`
      select * from (${sql.join(branches, sql` union all `)}) r
      order by created_at desc, local_index desc limit ${limit}`.execute(db);
    found.push(...rows);
  }
  return found
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.local_index - a.local_index)
    .slice(0, limit)
    .map((r) => ({
      id: r.id, form_id: r.form_id, form: { title: titles.get(r.form_id) ?? "" },
      local_index: r.local_index, created_at: new Date(r.created_at).toISOString(),
    }));
}
