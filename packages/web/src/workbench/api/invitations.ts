import { privateRequest, seg } from "./http";
import type { CreatedInvitation, Invitation, InvitationPreview, MyInvitation, Role } from "./types";

type Auth = { csrf_token: string; signal?: AbortSignal };

/** The path of an invitation link, which an owner hands over. */
export const invitePath = (token: string) => `/invite/${encodeURIComponent(token)}`;

/** `GET /private/editor/organizations/{org_id}/invitations` (owners): links not used or expired. */
export function fetchInvitations(org_id: string, signal?: AbortSignal): Promise<Invitation[]> {
  return privateRequest<Invitation[]>("GET", `/organizations/${seg(org_id)}/invitations`, { signal });
}

/** `POST …/invitations` `{ role, label? }` (owners): the answer carries the token, once. */
export function createInvitation(org_id: string, body: { role: Role; label?: string }, options: Auth) {
  return privateRequest<CreatedInvitation>("POST", `/organizations/${seg(org_id)}/invitations`, { ...options, body });
}

/** `DELETE …/invitations/{invitation_id}` (owners). */
export function revokeInvitation(org_id: string, invitation_id: string, options: Auth) {
  return privateRequest<{ id: string }>("DELETE", `/organizations/${seg(org_id)}/invitations/${seg(invitation_id)}`, options);
}

/** `GET /private/editor/invitations/{token}`: what the link offers (404 INVITATION_NOT_FOUND). */
export function previewInvitation(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return privateRequest<InvitationPreview>("GET", `/invitations/${seg(token)}`, { signal });
}

/** `POST /private/editor/invitations/{token}/accept`: joins with the link's role. */
export function acceptInvitation(token: string, options: Auth) {
  return privateRequest<{ organization: InvitationPreview["organization"]; role: Role; joined: boolean }>("POST", `/invitations/${seg(token)}/accept`, options);
}

/** `GET /private/editor/me/invitations`: invitations by email to the signed-in account. */
export function fetchMyInvitations(signal?: AbortSignal): Promise<MyInvitation[]> {
  return privateRequest<MyInvitation[]>("GET", "/me/invitations", { signal });
}

/** `POST /private/editor/me/invitations/{id}/accept|decline`: joins with its role, or drops it. */
export function answerMyInvitation(invitation_id: string, accept: boolean, options: Auth) {
  return privateRequest<{ organization_id: string; joined: boolean }>("POST", `/me/invitations/${seg(invitation_id)}/${accept ? "accept" : "decline"}`, options);
}
