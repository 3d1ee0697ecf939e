/**
 * How the workbench talks to the server (docs/private-api.md). Private calls answer the
 * envelope `{ data, error }`; mutations carry the session's CSRF token and JSON; every call
 * is same-origin with the session cookie. Failures throw `ApiError` with the server's code
 * and message, so views can show the message as it is.
 */
import { CSRF_HEADER } from "@fieldwork/core";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
export const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/** A message to show for any failure (network errors included). */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return "Could not reach the server. Check your connection and try again.";
  return "Something went wrong. Try again.";
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const fallbackMessage = (status: number) =>
  status >= 500 ? "The server had a problem. Try again in a moment." : `The request failed (${status}).`;

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  signal?: AbortSignal;
  /** `csrf_token` of `/private/editor/me`; required by the server for cookie-authenticated mutations. */
  csrf_token?: string;
  body?: unknown;
}

/** The `fetch` init of a private call (exported for tests). */
export function privateInit(method: Method, options: RequestOptions = {}): RequestInit {
  const headers: Record<string, string> = { Accept: "application/json" };
  const init: RequestInit = { method, headers, credentials: "same-origin", signal: options.signal };
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    if (options.csrf_token) headers[CSRF_HEADER] = options.csrf_token;
    init.body = JSON.stringify(options.body ?? {});
  }
  return init;
}

/** A call under `/private/editor`; answers `data` of the envelope or throws `ApiError`. */
export async function privateRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await fetch(`/private/editor${path}`, privateInit(method, options));
  const body = await readJson(response);
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  if (!response.ok || error || !isRecord(body) || !("data" in body)) {
    const code = typeof error?.code === "string" ? error.code : response.ok ? "MALFORMED_RESPONSE" : `HTTP_${response.status}`;
    const message = typeof error?.message === "string" ? error.message : fallbackMessage(response.status);
    throw new ApiError(response.ok ? 500 : response.status, code, message);
  }
  return body.data as T;
}

/** Path segment of an id or name. */
export const seg = (value: string) => encodeURIComponent(value);

export { isRecord, readJson, fallbackMessage };
