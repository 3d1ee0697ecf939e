/**
 * What a role may do in the workbench (docs/private-api.md): owners everything, editors
 * build and edit data, viewers read. The server checks again; this only decides which
 * buttons show and what a disabled one says.
 */
import { ROLE_LABELS, ROLES, type Role } from "@fieldwork/core";

export { ROLE_LABELS, ROLES };

/** What each role may do, in a sentence (role pickers). */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including members, projects and API keys.",
  editor: "Builds documents and edits their data.",
  viewer: "Reads documents and data, changes nothing.",
};

export const canCreateProject = (role: Role) => role === "owner";
export const canCreateDocument = (role: Role) => role === "owner" || role === "editor";
/** Rename and delete documents. */
export const canEditDocuments = canCreateDocument;
export const canManageMembers = (role: Role) => role === "owner";
export const canManageApiKeys = (role: Role) => role === "owner";
/** Rename and delete the project (and the organization). */
export const canManageProject = (role: Role) => role === "owner";

/** "an editor", "a viewer", "an owner". */
export const withArticle = (role: Role) => `${role === "viewer" ? "a" : "an"} ${role}`;

export function whyNoProject(role: Role): string | null {
  return canCreateProject(role) ? null : `Only owners can create projects. You are ${withArticle(role)} here.`;
}
