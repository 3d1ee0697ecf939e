/** Shapes of the private API's answers (docs/private-api.md), named as the API names them. */
import type { Doctype } from "@fieldwork/core";

import type { Role } from "@fieldwork/core";

export type { Role };

export interface ProjectRef {
  id: string;
  name: string;
}

/** A signed-in session of the caller (its token stays on the server). */
export interface SessionInfo {
  id: string;
  user_agent: string | null;
  ip_address: string | null;
  created_at: string;
  updated_at: string;
  /** This browser's session. */
  current: boolean;
}

/** A pending invitation link (its token is shown only when made). */
export interface Invitation {
  id: string;
  role: Role;
  /** Who it is for, as the owner wrote it ("Bo from sales", an email). */
  label: string | null;
  /** Set for an invitation by email (accepted by that account, not by a link). */
  email: string | null;
  created_at: string;
  expires_at: string;
  created_by_name: string | null;
}

/** An invitation by email to the signed-in account (`GET /me/invitations`). */
export interface MyInvitation {
  id: string;
  role: Role;
  created_at: string;
  expires_at: string;
  invited_by: string | null;
  organization: { id: string; name: string; display_name: string };
}

export interface CreatedInvitation extends Omit<Invitation, "created_by_name" | "email"> {
  /** `fwi_…`: the link is `/invite/{token}`. */
  token: string;
}

export interface InvitationPreview {
  organization: { id: string; name: string; display_name: string };
  role: Role;
  expires_at: string;
  /** The caller's role when they are in the organization already. */
  member_role: Role | null;
}

/** What a deletion took with it. */
export interface Removed {
  id: string;
  projects: number;
  documents: number;
  forms: number;
}

export interface OrganizationRef {
  id: string;
  name: string;
  display_name: string;
  role: Role;
  projects: ProjectRef[];
}

export interface Me {
  user: { id: string; email: string; name: string };
  profile: { uid: string; display_name: string; avatar: string | null };
  organizations: OrganizationRef[];
  csrf_token: string;
}

export interface Member {
  user_id: string;
  email: string;
  display_name: string;
  role: Role;
}

export interface DocumentSummary {
  id: string;
  doctype: Doctype;
  title: string;
  form_id: string | null;
  /** Whether the form answers at `/d/e/{form_id}`; null for the other doctypes. */
  published: boolean | null;
  created_at: string;
  updated_at: string;
}

export interface EditorDocument extends DocumentSummary {
  project_id: string;
}

export interface CreatedDocument {
  id: string;
  doctype: Doctype;
  title: string;
  form_id: string | null;
}

export interface ApiKey {
  id: string;
  name: string;
  role: Role;
  /** The token's first characters (`fwk_…`), to tell keys apart. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  /** When the key stops working; `null`: never. */
  expires_at: string | null;
  /** Who made the key (a key acts for its maker); `null` once the account is gone. */
  created_by: { id: string; email: string | null; display_name: string | null } | null;
  /** `creator_gone`: its maker left the organization or lost the key's role, so it answers 401. */
  status: "active" | "expired" | "creator_gone";
}

/** A new key: `token` is in this answer only, never again. */
export interface CreatedApiKey {
  id: string;
  name: string;
  role: Role;
  token: string;
  expires_at: string | null;
}
