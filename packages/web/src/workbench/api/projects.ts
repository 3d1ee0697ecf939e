import { privateRequest, seg } from "./http";
import type { ProjectRef } from "./types";

/** `POST /private/editor/organizations/{org_id}/projects` `{ name }` (owners only). */
export function createProject(org_id: string, body: { name: string }, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<ProjectRef>("POST", `/organizations/${seg(org_id)}/projects`, { ...options, body });
}
