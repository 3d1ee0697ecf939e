/**
 * Connected databases (core's external/connection-api.ts; docs/databases.md): connections of a
 * project under /private/editor/x-supabase/projects, and the Data API on their tables at
 * /private/editor/x-supabase/projects/{id}/rest/v1/{table} (schema in Accept-/Content-Profile).
 */
import { CSRF_HEADER, type ConnectionView } from "@fieldwork/core";
import { ApiError, fallbackMessage, isRecord, privateInit, privateRequest, readJson, seg } from "./http";
import { restFailure, totalOf, type Row } from "./data-api";

export interface ExternalTableRef { connection_id: string; schema: string; table: string }

export const fetchConnections = (project_id: string, signal?: AbortSignal) =>
  privateRequest<ConnectionView[]>("GET", `/x-supabase/projects?grida_project_id=${seg(project_id)}`, { signal });

export const fetchConnection = (id: string, signal?: AbortSignal) => privateRequest<ConnectionView>("GET", `/x-supabase/projects/${seg(id)}`, { signal });

export const createConnection = (project_id: string, url: string, csrf_token: string) =>
  privateRequest<ConnectionView>("POST", "/x-supabase/projects", { csrf_token, body: { kind: "postgres", project_id, url } });

export const refreshConnection = (id: string, csrf_token: string) =>
  privateRequest<ConnectionView>("PATCH", `/x-supabase/projects/${seg(id)}`, { csrf_token });

const tableUrl = (ref: ExternalTableRef, params?: URLSearchParams) =>
  `/private/editor/x-supabase/projects/${seg(ref.connection_id)}/rest/v1/${seg(ref.table)}${params?.size ? `?${params.toString()}` : ""}`;

/** One page of rows and the exact total (`Prefer: count=exact`). */
export async function readExternalRows(ref: ExternalTableRef, params: URLSearchParams, signal?: AbortSignal): Promise<{ rows: Row[]; total: number | null }> {
  const response = await fetch(tableUrl(ref, params), {
    headers: { Accept: "application/json", "Accept-Profile": ref.schema, Prefer: "count=exact" }, credentials: "same-origin", signal,
  });
  if (!response.ok) throw await restFailure(response);
  return { rows: (await readJson(response)) as Row[], total: totalOf(response.headers.get("content-range")) };
}

/** One cell's new value, in the connected database's own transaction; answers the row as written. */
export async function updateExternalCell(ref: ExternalTableRef, key: Record<string, unknown>, column: string, value: unknown, csrf_token: string): Promise<Row | null> {
  const params = new URLSearchParams(Object.entries(key).map(([k, v]) => [k, `eq.${String(v)}`]));
  const response = await fetch(tableUrl(ref, params), {
    method: "PATCH", credentials: "same-origin", body: JSON.stringify({ [column]: value }),
    headers: {
      Accept: "application/json", "Content-Type": "application/json", "Content-Profile": ref.schema,
      Prefer: "return=representation", [CSRF_HEADER]: csrf_token,
    },
  });
  if (!response.ok) throw await restFailure(response);
  const rows = (await readJson(response)) as Row[];
  return rows[0] ?? null;
}

/** Where a form's answers go besides its own table (docs/databases.md "A form writing into a connected table"). */
export interface FormTarget { connection_id: string; schema: string; table: string; mapping: Record<string, string> }

const targetPath = (form_id: string) => `/forms/${seg(form_id)}/connect/with-x-sb-table`;

export const fetchFormTarget = (form_id: string, signal?: AbortSignal) => privateRequest<FormTarget | null>("GET", targetPath(form_id), { signal });

/** Connects the form (the server checks the mapping again: FORM_MAPPING_INVALID, FORM_TARGET_PAID, READ_ONLY_TABLE). */
export const connectFormTarget = (form_id: string, body: FormTarget, csrf_token: string) =>
  privateRequest<FormTarget>("PUT", targetPath(form_id), { csrf_token, body });

/** Disconnects the form (204, no envelope). */
export async function disconnectFormTarget(form_id: string, csrf_token: string): Promise<void> {
  const response = await fetch(`/private/editor${targetPath(form_id)}`, privateInit("DELETE", { csrf_token }));
  if (response.ok) return;
  const body = await readJson(response);
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  throw new ApiError(response.status, typeof error?.code === "string" ? error.code : `HTTP_${response.status}`,
    typeof error?.message === "string" ? error.message : fallbackMessage(response.status));
}
