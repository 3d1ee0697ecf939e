import { privateRequest } from "./http";
import type { Me, SessionInfo } from "./types";

/** `GET /private/editor/me`: who is signed in, their organizations and the CSRF token. 401 when signed out. */
export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return privateRequest<Me>("GET", "/me", { signal });
}

/** `PATCH /private/editor/me` `{ display_name }`: renames the caller; answers with `/me`. */
export function updateProfile(body: { display_name: string }, options: { csrf_token: string; signal?: AbortSignal }): Promise<Me> {
  return privateRequest<Me>("PATCH", "/me", { ...options, body });
}

/** `GET /private/editor/me/sessions`: where the caller is signed in. */
export function fetchSessions(signal?: AbortSignal): Promise<SessionInfo[]> {
  return privateRequest<SessionInfo[]>("GET", "/me/sessions", { signal });
}

/** `POST /private/editor/me/sessions/revoke` `{ session_id? }`: that session, or all but this one. */
export function revokeSessions(body: { session_id?: string }, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<{ revoked: number }>("POST", "/me/sessions/revoke", { ...options, body });
}

/** `POST /private/editor/me/delete` `{ password }`: 400 INVALID_PASSWORD, 409 LAST_OWNER naming the organizations. */
export function deleteAccount(body: { password: string }, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<{ id: string }>("POST", "/me/delete", { ...options, body });
}
