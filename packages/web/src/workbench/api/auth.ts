/**
 * Accounts (better-auth at `/api/auth`). Its answers are not the envelope: errors are
 * `{ code, message }`. Sign-in is rate limited (429), which gets a message of our own.
 */
import { ApiError, fallbackMessage, isRecord, readJson } from "./http";

export const TOO_MANY_ATTEMPTS = "Too many attempts, wait a minute";

async function authPost(path: string, body: Record<string, string | boolean>, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(`/api/auth${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
    signal,
  });
  const data = await readJson(response);
  if (response.ok) return data;
  if (response.status === 429) {
    // The per-account back-off (SIGN_IN_LOCKED) says how long to wait; better-auth's per-address limit does not.
    const error = isRecord(data) && isRecord(data.error) ? data.error : undefined;
    throw new ApiError(429, "TOO_MANY_REQUESTS", typeof error?.message === "string" && error.message ? error.message : TOO_MANY_ATTEMPTS);
  }
  const code = isRecord(data) && typeof data.code === "string" ? data.code : `HTTP_${response.status}`;
  const message = isRecord(data) && typeof data.message === "string" && data.message ? data.message : fallbackMessage(response.status);
  throw new ApiError(response.status, code, message);
}

/** `POST /api/auth/sign-up/email` `{ email, password, name }`: creates the account and signs in. */
export async function signUp(body: { email: string; password: string; name: string }, signal?: AbortSignal): Promise<void> {
  await authPost("/sign-up/email", body, signal);
}

/** `POST /api/auth/sign-in/email` `{ email, password }`. 401 carries the server's message. */
export async function signIn(body: { email: string; password: string }, signal?: AbortSignal): Promise<void> {
  await authPost("/sign-in/email", body, signal);
}

/**
 * `POST /api/auth/change-password`: needs the current password (a wrong one is 400
 * INVALID_PASSWORD); signs out every other session and gives this one a new cookie.
 */
export async function changePassword(body: { currentPassword: string; newPassword: string }, signal?: AbortSignal): Promise<void> {
  await authPost("/change-password", { ...body, revokeOtherSessions: true }, signal);
}

/** `POST /api/auth/sign-out` `{}`: clears the session cookie. */
export async function signOut(signal?: AbortSignal): Promise<void> {
  await authPost("/sign-out", {}, signal);
}
