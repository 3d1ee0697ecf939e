/**
 * The file popover's calls (spec 2 §7, spec 3 §7): replace a file through its upsert link
 * (`PUT` → `data.signedUrl`, then the new bytes to that signed URL: the path stays, the
 * bytes change), and read a media source's content type with a header-only request when
 * the file does not say (spec 1 §4.4).
 */
import { CSRF_HEADER } from "@fieldwork/core";
import { isRecord, readJson } from "../../../api/http";

/** Any failure of a replace (the popover shows the spec's message, not this). */
export class ReplaceError extends Error {}

export async function replaceFile(upsert: string, file: File, csrf_token: string, signal?: AbortSignal): Promise<void> {
  const grant = await fetch(upsert, {
    method: "PUT", credentials: "same-origin", signal,
    headers: { Accept: "application/json", "Content-Type": "application/json", [CSRF_HEADER]: csrf_token },
    body: JSON.stringify({ file: { name: file.name, size: file.size, type: file.type } }),
  });
  const body = await readJson(grant);
  const signedUrl = isRecord(body) && isRecord(body.data) && typeof body.data.signedUrl === "string" ? body.data.signedUrl : null;
  if (!grant.ok || !signedUrl) throw new ReplaceError(`upsert answered ${grant.status}`);
  const put = await fetch(signedUrl, { method: "PUT", body: file, signal, headers: file.type ? { "Content-Type": file.type } : {} });
  if (!put.ok) throw new ReplaceError(`upload answered ${put.status}`);
}

/** The content type a source serves (`HEAD`), or null when it cannot be read. */
export async function headContentType(src: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const response = await fetch(src, { method: "HEAD", credentials: "same-origin", signal });
    if (!response.ok) return null;
    return response.headers.get("content-type")?.split(";")[0]?.trim() || null;
  } catch {
    return null;
  }
}
