/**
 * The signed upload of one file (spec 1 §7 "Upload calls"): PUT `{file: {name, size}}` to the
 * field's request url for `{signedUrl, path, token}` ('Failed to get signed url' when that
 * fails), then the bytes to the signed url with XHR, whose upload events give the progress.
 * Failures read in the form's language (`text`).
 */
import { uploadRequestPath } from "@fieldwork/core";
import type { Text } from "../messages";
import { uploadFailureMessage } from "./upload-state";

export interface SignedUpload { signedUrl: string; path: string; token: string }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The request url a request-url field's files go through: the field's configured
 * `upload.request_url` when it is this session's, else the session's own path for the field.
 * Without a session there is none, so no uploader function: each file then fails with spec 1
 * §7's 'Uploader function is not provided' (`upload.no_uploader`).
 */
export function requestUrlFor(configured: string | null, sessionId: string, fieldId: string): string | null {
  if (!sessionId) return null;
  return configured?.includes(sessionId) ? configured : uploadRequestPath(sessionId, fieldId);
}

/** `requestUrl`: the field's `upload.request_url` from the preload, else the session's own path for the field. */
export async function requestSignedUpload(requestUrl: string, file: Pick<File, "name" | "size">, text: Text): Promise<SignedUpload> {
  const body = await fetch(requestUrl, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ file: { name: file.name, size: file.size } }),
  }).then((response) => (response.ok ? response.json() as Promise<unknown> : null))
    // A network failure, or a body that is not JSON (a proxy's error page) is no signed url either.
    .catch(() => null);
  const data = isRecord(body) && isRecord(body.data) ? body.data : null;
  if (!data || typeof data.signedUrl !== "string" || typeof data.path !== "string") throw new Error(text("upload.signed_url_failed"));
  return { signedUrl: data.signedUrl, path: data.path, token: typeof data.token === "string" ? data.token : "" };
}

function serverMessage(body: unknown): string | undefined {
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  return error && typeof error.message === "string" ? error.message : undefined;
}

/** PUTs the file's bytes to `url`; `onProgress` gets 0–100 as they go. Rejects with the message to show. */
export function putFile(url: string, file: File, text: Text, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message: string | undefined;
      try {
        message = serverMessage(JSON.parse(xhr.responseText) as unknown);
      } catch {
        message = undefined;
      }
      reject(new Error(uploadFailureMessage(xhr.status, message, text)));
    };
    // A connection cut mid-body is what a proxy's size limit looks like from here.
    xhr.onerror = () => reject(new Error(text("upload.probably_too_big")));
    xhr.onabort = () => reject(new Error(text("upload.failed")));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
