/** Finding the organization and project a path names among those `/me` lists. */
import type { Me, OrganizationRef, ProjectRef } from "../api/types";

export function findOrganization(me: Me, name: string): OrganizationRef | null {
  return me.organizations.find((org) => org.name === name) ?? null;
}

export function findProject(me: Me, orgName: string, projectName: string): { org: OrganizationRef; project: ProjectRef } | null {
  const org = findOrganization(me, orgName);
  const project = org?.projects.find((p) => p.name === projectName);
  return org && project ? { org, project } : null;
}
