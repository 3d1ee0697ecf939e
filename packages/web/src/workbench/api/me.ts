import { privateRequest } from "./http";
import type { Me } from "./types";

/** `GET /private/editor/me`: who is signed in, their organizations and the CSRF token. 401 when signed out. */
export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return privateRequest<Me>("GET", "/me", { signal });
}

/** `PATCH /private/editor/me` `{ display_name }`: renames the caller; answers with `/me`. */
export function updateProfile(body: { display_name: string }, options: { csrf_token: string; signal?: AbortSignal }): Promise<Me> {
  return privateRequest<Me>("PATCH", "/me", { ...options, body });
}
