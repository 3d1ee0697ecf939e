/**
 * What a role may do in the workbench (docs/private-api.md): owners everything, editors
 * build and edit data, viewers read. The server checks again; this only decides which
 * buttons show and what a disabled one says.
 */
import type { Role } from "./api/types";

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", editor: "Editor", viewer: "Viewer" };

export const canCreateProject = (role: Role) => role === "owner";
export const canCreateDocument = (role: Role) => role === "owner" || role === "editor";

export function whyNoProject(role: Role): string | null {
  return canCreateProject(role) ? null : `Only owners can create projects. You are ${role === "editor" ? "an editor" : "a viewer"} here.`;
}
