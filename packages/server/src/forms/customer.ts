import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { managedTable } from "../tables/managed-table";

/** The customer a visitor id belongs to in a project, created on first sight. */
export async function customerForVisitor(db: Kysely<DB>, projectId: string, visitorId: string): Promise<string> {
  const row = await db.insertInto("customer")
    .values({ project_id: projectId, visitor_id: visitorId })
    .onConflict((oc) => oc.columns(["project_id", "visitor_id"]).doUpdateSet({ last_seen_at: new Date() }))
    .returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** How many answers a customer already gave to a form (rows of its managed table). */
export async function countCustomerResponses(db: Kysely<DB>, tableName: string, customerId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${managedTable(tableName)} where customer_id = ${customerId}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** What `alreadyresponded` is told (spec 2 §2): who was recognised, and the session when there is one. */
export function alreadyRespondedQuery(fingerprint: string | null | undefined, customer_id: string, session_id: string | null | undefined): Record<string, string> {
  return { ...(fingerprint ? { fingerprint } : {}), customer_id, ...(session_id ? { session_id } : {}) };
}
