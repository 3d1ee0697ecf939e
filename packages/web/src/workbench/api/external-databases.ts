/**
 * Connected databases (core's external/connection-api.ts; docs/databases.md): connections of a
 * project under /private/editor/x-supabase/projects, and the Data API on their tables at
 * /private/editor/x-supabase/projects/{id}/rest/v1/{table} (schema in Accept-/Content-Profile),
 * which the data workbench reads through data-api.ts (a TableRef with `connection_id`).
 */
import type { ConnectionView } from "@fieldwork/core";
import { ApiError, fallbackMessage, isRecord, privateInit, privateRequest, readJson, seg } from "./http";

export const fetchConnections = (project_id: string, signal?: AbortSignal) =>
  privateRequest<ConnectionView[]>("GET", `/x-supabase/projects?grida_project_id=${seg(project_id)}`, { signal });

export const fetchConnection = (id: string, signal?: AbortSignal) => privateRequest<ConnectionView>("GET", `/x-supabase/projects/${seg(id)}`, { signal });

export const createConnection = (project_id: string, url: string, csrf_token: string) =>
  privateRequest<ConnectionView>("POST", "/x-supabase/projects", { csrf_token, body: { kind: "postgres", project_id, url } });

export const refreshConnection = (id: string, csrf_token: string) =>
  privateRequest<ConnectionView>("PATCH", `/x-supabase/projects/${seg(id)}`, { csrf_token });

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
