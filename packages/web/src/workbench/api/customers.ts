/**
 * A customer of a project as data mode's side sheet shows it (spec 3 §3 Customer, §7):
 * `GET /private/editor/customers/{customer_id}`, answered in the private envelope.
 * A customer that no longer exists (or belongs to a project the caller cannot read) is 404.
 */
import type { CustomerDetails } from "@fieldwork/core";
import { privateRequest, seg } from "./http";

export function fetchCustomer(customer_id: string, signal?: AbortSignal): Promise<CustomerDetails> {
  return privateRequest<CustomerDetails>("GET", `/customers/${seg(customer_id)}`, { signal });
}
