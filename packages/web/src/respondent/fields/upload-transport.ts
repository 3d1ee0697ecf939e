/**
 * The signed upload of one file (spec 1 §7 "Upload calls"): PUT `{file: {name, size}}` to the
 * field's request url for `{signedUrl, path, token}` ('Failed to get signed url' when that
 * fails), then the bytes to the signed url with XHR, whose upload events give the progress.
 * Failures read in the form's language (`text`).
 */
import type { Text } from "../messages";
import { uploadFailureMessage } from "./upload-state";

export interface SignedUpload { signedUrl: string; path: string; token: string }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `requestUrl`: the field's `upload.request_url` from the preload, else the session's own path for the field. */
export async function requestSignedUpload(requestUrl: string, file: Pick<File, "name" | "size">, text: Text): Promise<SignedUpload> {
  const body = await fetch(requestUrl, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ file: { name: file.name, size: file.size } }),
  }).then((response) => (response.ok ? response.json() as Promise<unknown> : null), () => null);
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
