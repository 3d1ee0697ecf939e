/**
 * The one rule for storage keys (issue 21): every key is checked here before any storage
 * driver sees it, on the server and in the browser. A key is relative
 * (`{form_id}/{row_id}/{field_id}/{name}`, `tmp/{session_id}/{field_id}/{random}/{name}`),
 * and nothing in it can climb out of the storage root or mean something else once decoded:
 *
 *   isSafeStorageKey("f1/r1/cv/resume.pdf")   // true
 *   isSafeStorageKey("../etc/passwd")         // false: `..`
 *   isSafeStorageKey("a/%2e%2e/b")            // false: an encoded character
 *   isSafeStorageKey("/abs")                  // false: absolute
 */
import { FieldworkError } from "./error-catalogue";

export const STORAGE_KEY_LIMITS = { key_bytes: 1024, name_bytes: 255 } as const;

/** The first segments reserved for the store itself (transform cache, temporary files). */
export const RESERVED_STORAGE_PREFIXES = [".cache", ".tmp"] as const;

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;

// C0 and C1 controls, DEL, bidi overrides and isolates (they disguise extensions), line and paragraph separators.
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\\]/;
/** A percent-encoded byte: a key is stored decoded, so an encoded one is a trick (`%2e%2e`, `%2f`). */
const ENCODED_BYTE = /%[0-9a-f]{2}/i;

export type StorageKeyProblem =
  | "empty" | "absolute" | "too_long" | "name_too_long" | "empty_segment" | "dot_segment"
  | "forbidden_character" | "encoded_character" | "malformed_unicode" | "reserved";

/** Why a key is refused, or `undefined` for a safe one. */
export function storageKeyProblem(key: unknown): StorageKeyProblem | undefined {
  if (typeof key !== "string" || key === "") return "empty";
  if (!isWellFormed(key)) return "malformed_unicode";
  if (key.startsWith("/") || /^[a-z]:/i.test(key)) return "absolute";
  if (FORBIDDEN_CHARACTERS.test(key)) return "forbidden_character";
  if (ENCODED_BYTE.test(key)) return "encoded_character";
  if (byteLength(key) > STORAGE_KEY_LIMITS.key_bytes) return "too_long";
  const segments = key.split("/");
  for (const segment of segments) {
    if (segment === "") return "empty_segment";
    if (segment === "." || segment === "..") return "dot_segment";
    if (byteLength(segment) > STORAGE_KEY_LIMITS.name_bytes) return "name_too_long";
  }
  if ((RESERVED_STORAGE_PREFIXES as readonly string[]).includes(segments[0]!)) return "reserved";
  return undefined;
}

export function isSafeStorageKey(key: unknown): key is string {
  return storageKeyProblem(key) === undefined;
}

/** Joins segments into a key, or throws STORAGE_KEY_INVALID when the result is not safe. */
export function storageKeyOf(...segments: readonly string[]): string {
  const key = segments.join("/");
  assertStorageKey(key);
  return key;
}

export function assertStorageKey(key: unknown): asserts key is string {
  const problem = storageKeyProblem(key);
  if (problem) throw new FieldworkError("STORAGE_KEY_INVALID");
}

/**
 * A safe last segment from a visitor's file name: the base name only (`C:\fakepath\cv.pdf`
 * → `cv.pdf`), without controls, slashes, percent signs or leading dots, cut to 255 bytes
 * keeping its extension; `file` when nothing is left.
 */
export function storageNameOf(fileName: string): string {
  const base = fileName.replace(LONE_SURROGATE, "\ufffd").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(new RegExp(FORBIDDEN_CHARACTERS.source, "g"), "")
    .replace(/%/g, "_")
    .replace(/^[.\s]+/, "")
    .trim();
  const name = cleaned === "" ? "file" : cleaned;
  return cutToBytes(name, STORAGE_KEY_LIMITS.name_bytes);
}

function cutToBytes(name: string, most: number): string {
  if (byteLength(name) <= most) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : "";
  let stem = name.slice(0, name.length - extension.length);
  const characters = [...stem];
  while (characters.length > 0 && byteLength(characters.join("") + extension) > most) characters.pop();
  stem = characters.join("");
  return stem === "" ? cutToBytes("file", most) : stem + extension;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function isWellFormed(text: string): boolean {
  LONE_SURROGATE.lastIndex = 0;
  return !LONE_SURROGATE.test(text);
}

/** The route of an object on our origin: `/v1/storage/object/{key}` with each segment URL-encoded. */
export function storageObjectPath(key: string): string {
  return `/v1/storage/object/${key.split("/").map(encodeURIComponent).join("/")}`;
}
