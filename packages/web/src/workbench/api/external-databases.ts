/**
 * Connected databases (core's external/connection-api.ts; docs/databases.md): connections of a
 * project under /private/editor/x-supabase/projects, and the Data API on their tables at
 * /private/editor/x-supabase/projects/{id}/rest/v1/{table} (schema in Accept-/Content-Profile),
 * which the data workbench reads through data-api.ts (a TableRef with `connection_id`).
 */
import type { ConnectionView } from "@fieldwork/core";
import { privateRequest, seg } from "./http";

export const fetchConnections = (project_id: string, signal?: AbortSignal) =>
  privateRequest<ConnectionView[]>("GET", `/x-supabase/projects?grida_project_id=${seg(project_id)}`, { signal });

export const fetchConnection = (id: string, signal?: AbortSignal) => privateRequest<ConnectionView>("GET", `/x-supabase/projects/${seg(id)}`, { signal });

export const createConnection = (project_id: string, url: string, csrf_token: string) =>
  privateRequest<ConnectionView>("POST", "/x-supabase/projects", { csrf_token, body: { kind: "postgres", project_id, url } });

export const refreshConnection = (id: string, csrf_token: string) =>
  privateRequest<ConnectionView>("PATCH", `/x-supabase/projects/${seg(id)}`, { csrf_token });
