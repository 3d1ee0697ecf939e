import { privateRequest, seg } from "./http";
import type { ApiKey, CreatedApiKey, Role } from "./types";

/** `GET /private/editor/projects/{project_id}/api-keys` (owners). */
export function fetchApiKeys(project_id: string, signal?: AbortSignal): Promise<ApiKey[]> {
  return privateRequest<ApiKey[]>("GET", `/projects/${seg(project_id)}/api-keys`, { signal });
}

/** `POST /private/editor/projects/{project_id}/api-keys` `{ name, role, expires_at? }` (owners): the answer holds the token, once. */
export function createApiKey(project_id: string, body: { name: string; role: Role; expires_at?: string | null }, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<CreatedApiKey>("POST", `/projects/${seg(project_id)}/api-keys`, { ...options, body });
}

/** `DELETE /private/editor/projects/{project_id}/api-keys/{key_id}` (owners): scripts using it get 401 from then on. */
export function revokeApiKey(project_id: string, key_id: string, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<{ id: string }>("DELETE", `/projects/${seg(project_id)}/api-keys/${seg(key_id)}`, options);
}
