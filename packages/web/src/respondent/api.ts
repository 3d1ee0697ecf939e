/**
 * The public form's calls to the server (spec 1 §7). Every JSON answer is an envelope
 * `{ data, error }`; these functions read only the fields the form needs.
 */
import { PARAM, type ApiError } from "@fieldwork/core";
import type { SyncValue } from "./sync-value";

export type Envelope<T> = { data: T; error: null } | { data: null; error: ApiError };

/** `data` of a successful `POST /submit/{form_id}` with `Accept: application/json`. */
export interface SubmitData {
  id: string;
  local_index: number;
  /** Where to go next: `/d/e/{form_id}/complete?...`. */
  redirect: string;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/** `GET /v1/{form_id}/session` → the new session's id. */
export async function fetchSessionId(form_id: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(`/v1/${encodeURIComponent(form_id)}/session`, { headers: { Accept: "application/json" }, signal });
  const body = await readJson(response);
  const id = isRecord(body) && isRecord(body.data) ? body.data.id : undefined;
  if (!response.ok || typeof id !== "string") throw new Error(`session request failed (${response.status})`);
  return id;
}

/** `GET /v1/{form_id}?__fw_session=…&…query` → the JSON body, read by `loadOutcome`. */
export async function fetchPreload(form_id: string, session_id: string, query: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  const params = new URLSearchParams({ ...query, [PARAM.session]: session_id });
  const response = await fetch(`/v1/${encodeURIComponent(form_id)}?${params.toString()}`, { headers: { Accept: "application/json" }, signal });
  return readJson(response);
}

/** `PATCH /v1/session/{session_id}/field/{field_id}` with `{ value }`. */
export async function patchFieldValue(session_id: string, field_id: string, value: SyncValue): Promise<void> {
  await fetch(`/v1/session/${encodeURIComponent(session_id)}/field/${encodeURIComponent(field_id)}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ value }),
    keepalive: true,
  });
}

/** `POST {action}` with the form's multipart body; answers the parsed JSON body. */
export async function postSubmission(action: string, body: FormData): Promise<unknown> {
  const response = await fetch(action, { method: "POST", body, headers: { Accept: "application/json" } });
  return readJson(response);
}
