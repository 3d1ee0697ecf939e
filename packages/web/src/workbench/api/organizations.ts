import { privateRequest, seg } from "./http";
import type { Member, Role } from "./types";

export interface NewOrganization {
  /** URL slug (core's slugProblem). */
  name: string;
  display_name?: string;
}

/** `POST /private/editor/organizations` `{ name, display_name? }`: the caller becomes its owner. */
export function createOrganization(body: NewOrganization, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<{ id: string; name: string; display_name: string }>("POST", "/organizations", { ...options, body });
}

/** `GET /private/editor/organizations/{org_id}/members`. */
export function fetchMembers(org_id: string, signal?: AbortSignal): Promise<Member[]> {
  return privateRequest<Member[]>("GET", `/organizations/${seg(org_id)}/members`, { signal });
}

export type { Role };
