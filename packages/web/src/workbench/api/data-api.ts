/**
 * The Data API as a member reads and writes it (docs/data-api.md): the PostgREST-shaped
 * routes under `/private/editor/projects/{project_id}/rest/v1`, with the session cookie and,
 * for writes, the CSRF header. Form tables are in the `form_data` profile; sessions and
 * customers in `fieldwork` (read only). Errors come as `{ code, message }` and throw `ApiError`.
 */
import { CSRF_HEADER, externalRowHandle, keyConditions, serializeCondition } from "@fieldwork/core";
import { ApiError, fallbackMessage, isRecord, readJson, seg } from "./http";

export type Profile = "form_data" | "fieldwork";
export type Row = Record<string, unknown>;

export interface TableRef {
  project_id: string;
  /** `form_data` or `fieldwork`; a connected database's schema (`public`, …). */
  profile: Profile | (string & {});
  table: string;
  /** A connected database's table: read through `/x-supabase/projects/{id}/rest/v1` (docs/databases.md). */
  connection_id?: string;
  /** The primary key when it is not `id` (a connected table's, maybe composite). */
  key?: readonly string[];
}

/** The text naming a row in the grid (selection, panels): its id, or its key's values. */
export function rowHandle(ref: Pick<TableRef, "key">, row: Row): string {
  return ref.key ? externalRowHandle(ref.key, row) : String(row.id);
}

/** The filter that picks exactly these rows by their key. */
export function rowsWhere(ref: Pick<TableRef, "key">, rows: readonly Row[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const condition of keyConditions(ref.key ?? ["id"], rows)) params.append(...serializeCondition(condition));
  return params;
}

export interface WriteContext {
  csrf_token: string;
  signal?: AbortSignal;
}

/** `/private/editor/projects/{id}/rest/v1/{table}?{params}`, or a connection's. */
export function tableUrl(ref: TableRef, params?: URLSearchParams): string {
  const query = params && params.size > 0 ? `?${params.toString()}` : "";
  const base = ref.connection_id ? `/private/editor/x-supabase/projects/${seg(ref.connection_id)}` : `/private/editor/projects/${seg(ref.project_id)}`;
  return `${base}/rest/v1/${seg(ref.table)}${query}`;
}

/** A refused Data API answer (`{ code, message }`) as an `ApiError`. */
export async function restFailure(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  const code = isRecord(body) && typeof body.code === "string" ? body.code : `HTTP_${response.status}`;
  const message = isRecord(body) && typeof body.message === "string" ? body.message : fallbackMessage(response.status);
  return new ApiError(response.status, code, message);
}

function headers(ref: TableRef, extra: Record<string, string>, write?: WriteContext): Record<string, string> {
  const profileHeader = write ? "Content-Profile" : "Accept-Profile";
  return { Accept: "application/json", [profileHeader]: ref.profile, ...(write ? { [CSRF_HEADER]: write.csrf_token } : {}), ...extra };
}

/** The total of `Content-Range: 0-99/1234`; null for `*`. */
export function totalOf(contentRange: string | null): number | null {
  const total = contentRange?.split("/")[1];
  if (!total || total === "*") return null;
  const n = Number(total);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** One page of rows (no count: the count is asked for beside it, so it never holds the page up). */
export async function readRows(ref: TableRef, params: URLSearchParams, signal?: AbortSignal): Promise<Row[]> {
  const response = await fetch(tableUrl(ref, params), { headers: headers(ref, {}), credentials: "same-origin", signal });
  if (!response.ok) throw await restFailure(response);
  const body = await readJson(response);
  if (!Array.isArray(body)) throw new ApiError(500, "MALFORMED_RESPONSE", "The server answered something that is not a list of rows.");
  return body as Row[];
}

/**
 * How many rows match, as the server counted them: `exact` (a total to show), or only
 * `moreThan` a bound it counted up to (null when the count ran out of time); the planner's
 * estimate the server puts in `Content-Range` then is no total to show.
 */
export type RowCount = { exact: true; total: number } | { exact: false; moreThan: number | null };

/** Reads `Content-Range` and `Fieldwork-Count` (exact | more-than=N | estimate). */
export function rowCountOf(contentRange: string | null, marker: string | null): RowCount {
  const total = totalOf(contentRange);
  if (marker === "exact" && total !== null) return { exact: true, total };
  const more = /^more-than=(\d+)$/.exec(marker ?? "");
  return { exact: false, moreThan: more ? Number(more[1]) : null };
}

/** How many rows match (`HEAD` with `Prefer: count=estimated`): exact up to a bound the server sets. */
export async function countRows(ref: TableRef, params: URLSearchParams, signal?: AbortSignal): Promise<RowCount> {
  const bare = new URLSearchParams(params);
  for (const key of ["limit", "offset", "order", "select"]) bare.delete(key);
  const response = await fetch(tableUrl(ref, bare), {
    method: "HEAD", headers: headers(ref, { Prefer: "count=estimated", "Range-Unit": "items", Range: "0-0" }), credentials: "same-origin", signal,
  });
  if (!response.ok && response.status !== 206) throw await restFailure(response);
  return rowCountOf(response.headers.get("content-range"), response.headers.get("fieldwork-count"));
}

async function write(method: "POST" | "PATCH" | "DELETE", ref: TableRef, params: URLSearchParams | undefined, body: unknown, ctx: WriteContext): Promise<Row[]> {
  const response = await fetch(tableUrl(ref, params), {
    method,
    headers: headers(ref, { "Content-Type": "application/json", Prefer: "return=representation" }, ctx),
    credentials: "same-origin",
    body: JSON.stringify(body ?? {}),
    signal: ctx.signal,
  });
  if (!response.ok) throw await restFailure(response);
  const rows = await readJson(response);
  return Array.isArray(rows) ? (rows as Row[]) : [];
}

/** `POST`: one new row; answers it as stored. */
export async function insertRow(ref: TableRef, values: Row, ctx: WriteContext): Promise<Row> {
  const [row] = await write("POST", ref, undefined, values, ctx);
  if (!row) throw new ApiError(500, "MALFORMED_RESPONSE", "The server did not answer the new row.");
  return row;
}

/** `PATCH ?id=eq.{id}` (or the row's key): the keys given change; answers the row as stored. */
export async function updateRow(ref: TableRef, target: Row, values: Row, ctx: WriteContext): Promise<Row> {
  const [row] = await write("PATCH", ref, rowsWhere(ref, [target]), values, ctx);
  if (!row) throw new ApiError(404, "NOT_FOUND", "This row no longer exists.");
  return row;
}

/** `DELETE ?id=in.(…)` (or by their key): answers the rows deleted. */
export function deleteRows(ref: TableRef, rows: readonly Row[], ctx: WriteContext): Promise<Row[]> {
  return write("DELETE", ref, rowsWhere(ref, rows), undefined, ctx);
}
