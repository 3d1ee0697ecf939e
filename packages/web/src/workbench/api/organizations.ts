import { privateRequest, seg } from "./http";
import type { Member, Removed, Role } from "./types";

export interface NewOrganization {
  /** URL slug (core's slugProblem). */
  name: string;
  display_name?: string;
}

/** `POST /private/editor/organizations` `{ name, display_name? }`: the caller becomes its owner. */
export function createOrganization(body: NewOrganization, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<{ id: string; name: string; display_name: string }>("POST", "/organizations", { ...options, body });
}

/** `PATCH /private/editor/organizations/{org_id}` `{ name?, display_name? }` (owners). */
export function updateOrganization(org_id: string, body: NewOrganization, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<{ id: string; name: string; display_name: string }>("PATCH", `/organizations/${seg(org_id)}`, { ...options, body });
}

/** `DELETE /private/editor/organizations/{org_id}` (owners): projects, documents and response tables go too. */
export function deleteOrganization(org_id: string, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<Removed>("DELETE", `/organizations/${seg(org_id)}`, options);
}

/** `GET /private/editor/organizations/{org_id}/members`. */
export function fetchMembers(org_id: string, signal?: AbortSignal): Promise<Member[]> {
  return privateRequest<Member[]>("GET", `/organizations/${seg(org_id)}/members`, { signal });
}

/**
 * `POST /private/editor/organizations/{org_id}/members` `{ email, role }` (owners): invites the
 * account with that email (it joins once it accepts), or changes the role of a member. The
 * same answer whether an account has the address or not; `LAST_OWNER` when a role change
 * would leave no owner.
 */
export function addMember(org_id: string, body: { email: string; role: Role }, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<{ email: string; role: Role; invited: true; expires_at: string }>("POST", `/organizations/${seg(org_id)}/members`, { ...options, body });
}

/** `DELETE /private/editor/organizations/{org_id}/members/{user_id}` (owners); `LAST_OWNER` for the last owner. */
export function removeMember(org_id: string, user_id: string, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<{ user_id: string }>("DELETE", `/organizations/${seg(org_id)}/members/${seg(user_id)}`, options);
}

export type { Role };
