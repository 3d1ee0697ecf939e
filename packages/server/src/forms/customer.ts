/**
 * Customers of a project (spec 2 §6): named by a `customer_id` (uuid v4: a link parameter,
 * the PARAM.customer_uuid input or cookie), otherwise one per fingerprint visitor id. The
 * load and the submit's batch both read them through these functions.
 */
import { UUID_V4 } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { managedTable } from "../tables/managed-table";

/** A customer id as the page or the browser named it: a uuid v4 (lowercased), or null. */
export function namedCustomerId(text: string | null | undefined): string | null {
  return text && UUID_V4.test(text) ? text.toLowerCase() : null;
}

/**
 * The customer each visitor id belongs to in a project, created on first sight. Sorted, so
 * two transactions upserting the same visitors never wait on each other's rows.
 */
export async function customersForVisitors(db: Kysely<DB>, projectId: string, visitorIds: readonly string[]): Promise<Map<string, string>> {
  const statement = visitorCustomersStatement(projectId, visitorIds);
  return statement ? visitorCustomers((await statement.execute(db)).rows) : new Map();
}

/** The statement of `customersForVisitors` (null for no visitors), for a caller's transaction; `visitorCustomers` reads its rows. */
export function visitorCustomersStatement(projectId: string, visitorIds: readonly string[]) {
  const visitors = [...new Set(visitorIds)].sort();
  if (!visitors.length) return null;
  return sql<{ id: string; visitor_id: string }>`
    insert into customer (project_id, visitor_id) select ${projectId}::uuid, v from unnest(${visitors}::text[]) as v order by v
    on conflict (project_id, visitor_id) do update set last_seen_at = now() returning id::text, visitor_id`;
}

export const visitorCustomers = (rows: readonly { id: string; visitor_id: string }[]) => new Map(rows.map((row) => [row.visitor_id, row.id]));

/** How many answers each customer already gave to a form (rows of its managed table). */
export async function countByCustomer(db: Kysely<DB>, tableName: string, customerIds: readonly string[]): Promise<Map<string, number>> {
  const statement = countByCustomerStatement(tableName, customerIds);
  return statement ? customerCounts((await statement.execute(db)).rows) : new Map();
}

/** The statement of `countByCustomer` (null for no customers); `customerCounts` reads its rows. */
export function countByCustomerStatement(tableName: string, customerIds: readonly string[]) {
  if (!customerIds.length) return null;
  return sql<{ customer_id: string; n: number }>`
    select customer_id::text, count(*)::int as n from ${managedTable(tableName)}
    where customer_id = any(${[...customerIds]}::uuid[]) group by customer_id`;
}

export const customerCounts = (rows: readonly { customer_id: string; n: number }[]) => new Map(rows.map((r) => [r.customer_id, r.n]));

/** What `alreadyresponded` is told (spec 2 §2): who was recognised, and the session when there is one. */
export function alreadyRespondedQuery(fingerprint: string | null | undefined, customer_id: string, session_id: string | null | undefined): Record<string, string> {
  return { ...(fingerprint ? { fingerprint } : {}), customer_id, ...(session_id ? { session_id } : {}) };
}
