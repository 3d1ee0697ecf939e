import { privateRequest, seg } from "./http";
import type { ProjectRef, Removed } from "./types";

/** `POST /private/editor/organizations/{org_id}/projects` `{ name }` (owners only). */
export function createProject(org_id: string, body: { name: string }, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<ProjectRef>("POST", `/organizations/${seg(org_id)}/projects`, { ...options, body });
}

/** `PATCH /private/editor/projects/{project_id}` `{ name }` (owners, signed in). */
export function renameProject(project_id: string, body: { name: string }, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<ProjectRef>("PATCH", `/projects/${seg(project_id)}`, { ...options, body });
}

/** `DELETE /private/editor/projects/{project_id}` (owners, signed in): documents and response tables go too. */
export function deleteProject(project_id: string, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<Removed>("DELETE", `/projects/${seg(project_id)}`, options);
}
