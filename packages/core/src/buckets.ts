/**
 * Storage buckets (issue 21 item 9; spec 2 §5 and §9, spec 3 §2): a `v0_bucket` document's
 * files, kept under `buckets/{bucket_id}/` in the app's storage, so never inside a form's
 * folder (a form id) or `tmp/`. A path inside a bucket is a storage key like any other
 * (storage-paths.ts) whose segments do not start with a dot (the folder marker's).
 *
 *   bucketKeyOf("6f1…", "invoices/2026/march.pdf")   // "buckets/6f1…/invoices/2026/march.pdf"
 *   bucketKeyOf("6f1…", "../other/x")                // throws STORAGE_KEY_INVALID
 */
import { FieldworkError, type ErrorCode } from "./error-catalogue";
import { storageKeyProblem, type StorageKeyProblem } from "./storage-paths";

/** Spec 2 §9: the policy a field asks of its bucket. `any` takes both kinds. */
export const BUCKET_POLICIES = ["public", "private", "any"] as const;
export type BucketPolicy = (typeof BUCKET_POLICIES)[number];

export const BUCKETS_ROOT = "buckets";
/** The prefix every object of the bucket starts with. */
export const bucketPrefix = (bucketId: string): string => `${BUCKETS_ROOT}/${bucketId}/`;

/** The empty object that keeps an empty folder (object stores have no folders); listings hide it. */
export const BUCKET_FOLDER_MARKER = ".folder";

/** Objects per page of a listing. */
export const BUCKET_LIST_LIMITS = { default: 100, max: 1000 } as const;
/** Paths removed by one request. */
export const BUCKET_REMOVE_MAX_PATHS = 1000;

export type BucketPathProblem = StorageKeyProblem | "hidden_segment";

/**
 * What is wrong with a path inside a bucket (`kind: "folder"` takes "" for the root and an
 * ending slash), or undefined.
 */
export function bucketPathProblem(path: unknown, kind: "file" | "folder"): BucketPathProblem | undefined {
  if (typeof path !== "string") return "empty";
  const clean = kind === "folder" && path.endsWith("/") ? path.slice(0, -1) : path;
  if (kind === "folder" && clean === "") return undefined;
  const problem = storageKeyProblem(clean);
  if (problem && problem !== "reserved") return problem;
  if (clean.split("/").some((segment) => segment.startsWith("."))) return "hidden_segment";
  return undefined;
}

/** A folder as listings name it: "" (the root) or `a/b/`; throws STORAGE_KEY_INVALID. */
export function bucketFolderOf(path: unknown): string {
  if (bucketPathProblem(path, "folder")) throw new FieldworkError("STORAGE_KEY_INVALID");
  const folder = path as string;
  return folder === "" || folder.endsWith("/") ? folder : `${folder}/`;
}

/** The storage key of a file of the bucket; throws STORAGE_KEY_INVALID for a hostile path. */
export function bucketKeyOf(bucketId: string, path: unknown): string {
  if (bucketPathProblem(path, "file")) throw new FieldworkError("STORAGE_KEY_INVALID");
  const key = `${bucketPrefix(bucketId)}${path as string}`;
  if (storageKeyProblem(key)) throw new FieldworkError("STORAGE_KEY_INVALID");
  return key;
}

/** The new-folder dialog's check of one folder name (a single segment). */
export function folderNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === "") return "Name the folder.";
  if (trimmed.includes("/")) return "A folder name cannot contain a slash.";
  if (bucketPathProblem(trimmed, "file")) return "Use a name without dots at the start, backslashes, percent signs or control characters, at most 255 bytes.";
  return undefined;
}

/** The folders of a path for a breadcrumb: `a/b/` → [{a, "a/"}, {b, "a/b/"}]. */
export function folderCrumbs(folder: string): { name: string; folder: string }[] {
  const parts = folder.split("/").filter(Boolean);
  return parts.map((name, i) => ({ name, folder: `${parts.slice(0, i + 1).join("/")}/` }));
}

// --- which bucket a field may use (spec 2 §5) ---------------------------------------------

/** A bucket as the field panel offers it. */
export interface BucketChoice { id: string; name: string; public: boolean }

/** Spec 2 §5: richtext needs a public bucket (its images show to visitors); other fields take any. */
export function bucketPolicyOfField(type: string): BucketPolicy {
  return type === "richtext" ? "public" : "any";
}

/** Whether a field asking `policy` may pick this bucket: a private policy disables public buckets and the reverse. */
export function bucketAllowedBy(bucket: Pick<BucketChoice, "public">, policy: BucketPolicy): boolean {
  return policy === "any" || (policy === "public") === bucket.public;
}

/** The bucket a field's storage names (`storage.bucket`, a bucket id), or null. */
export function fieldBucketOf(storage: unknown): string | null {
  if (!storage || typeof storage !== "object" || Array.isArray(storage)) return null;
  const bucket = (storage as Record<string, unknown>).bucket;
  return typeof bucket === "string" && bucket.trim() ? bucket.trim() : null;
}

const storageOn = (storage: unknown) =>
  !!storage && typeof storage === "object" && !Array.isArray(storage) && (storage as Record<string, unknown>).enabled === true;

export interface BucketProblem { code: ErrorCode; message: string }

const problem = (code: ErrorCode, message: string): BucketProblem => ({ code, message });

/**
 * The bucket rules of spec 2 §5 for one field, given the project's buckets: a richtext field
 * with storage on needs a bucket ("A bucket is required when storage is on"), and that bucket
 * must be public; a named bucket must be one of the project's and allowed by the field's policy.
 * File fields without a bucket keep storing in the form's own folder.
 */
export function fieldBucketProblem(field: { type: string; storage: unknown }, buckets: readonly BucketChoice[]): BucketProblem | undefined {
  const id = fieldBucketOf(field.storage);
  const policy = bucketPolicyOfField(field.type);
  if (id === null) {
    return field.type === "richtext" && storageOn(field.storage) ? problem("BUCKET_REQUIRED", "A bucket is required when storage is on") : undefined;
  }
  const bucket = buckets.find((b) => b.id === id);
  if (!bucket) return problem("BUCKET_NOT_FOUND", "This field's bucket is not one of the project's buckets");
  if (!bucketAllowedBy(bucket, policy)) {
    return policy === "public" ? problem("BUCKET_NOT_PUBLIC", "A public bucket is required for richtext") : problem("BUCKET_POLICY_MISMATCH", "A private policy disables public buckets");
  }
  return undefined;
}
