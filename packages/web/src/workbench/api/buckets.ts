/**
 * The bucket page's calls (docs/private-api.md "Storage buckets"; shapes in core's
 * bucket-api.ts). An upload asks for a signed URL, then PUTs the bytes there with
 * XMLHttpRequest, the one browser API that reports upload progress.
 */
import type { Bucket, BucketChoice, BucketListing, BucketObjectUrls, BucketUploadGrant } from "@fieldwork/core";
import { ApiError, isRecord, privateRequest, seg } from "./http";

type Options = { csrf_token: string; signal?: AbortSignal };

/** The project's buckets, as the field panel's storage section offers them. */
export const fetchProjectBuckets = (project_id: string, signal?: AbortSignal) =>
  privateRequest<BucketChoice[]>("GET", `/projects/${seg(project_id)}/buckets`, { signal });

export const fetchBucket = (bucket_id: string, signal?: AbortSignal) => privateRequest<Bucket>("GET", `/buckets/${seg(bucket_id)}`, { signal });

export function listBucket(bucket_id: string, folder: string, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ folder, ...(cursor ? { cursor } : {}) });
  return privateRequest<BucketListing>("GET", `/buckets/${seg(bucket_id)}/objects?${query.toString()}`, { signal });
}

export const setBucketPolicy = (bucket_id: string, isPublic: boolean, options: Options) =>
  privateRequest<Bucket>("PATCH", `/buckets/${seg(bucket_id)}`, { ...options, body: { public: isPublic } });

export const createBucketFolder = (bucket_id: string, path: string, options: Options) =>
  privateRequest<{ path: string }>("POST", `/buckets/${seg(bucket_id)}/folders`, { ...options, body: { path } });

export const removeBucketPaths = (bucket_id: string, paths: string[], options: Options) =>
  privateRequest<{ removed: number }>("POST", `/buckets/${seg(bucket_id)}/objects/remove`, { ...options, body: { paths } });

export const bucketObjectUrls = (bucket_id: string, path: string, signal?: AbortSignal) =>
  privateRequest<BucketObjectUrls>("GET", `/buckets/${seg(bucket_id)}/objects/url?${new URLSearchParams({ path }).toString()}`, { signal });

/** Asks for a signed URL, then sends the bytes, reporting progress from 0 to 1. */
export async function uploadToBucket(
  bucket_id: string, folder: string, file: File, options: Options & { onProgress: (fraction: number) => void },
): Promise<string> {
  const grant = await privateRequest<BucketUploadGrant>("POST", `/buckets/${seg(bucket_id)}/uploads`, {
    csrf_token: options.csrf_token, ...(options.signal ? { signal: options.signal } : {}), body: { folder, name: file.name, size: file.size },
  });
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", grant.signedUrl);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => { if (event.lengthComputable) options.onProgress(event.loaded / event.total); };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let body: unknown = null;
      try { body = JSON.parse(xhr.responseText) as unknown; } catch { /* not JSON */ }
      const error = isRecord(body) && isRecord(body.error) ? body.error : null;
      reject(new ApiError(xhr.status, typeof error?.code === "string" ? error.code : `HTTP_${xhr.status}`, typeof error?.message === "string" ? error.message : "Failed to upload file"));
    };
    xhr.onerror = () => reject(new TypeError("network error"));
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
  return grant.path;
}

