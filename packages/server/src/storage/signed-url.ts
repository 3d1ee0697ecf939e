/**
 * Signed URLs for objects (issue 21 item 6): an HMAC-SHA256 (a key derived from the server
 * secret) over the operation, the key, the expiry, maxBytes and accept. One token names one
 * object and one operation; verification is constant-time.
 *
 *   signStorageUrl(secret, { key: "tmp/s1/cv/x1/cv.pdf", op: "put", expiresInSeconds: 900, maxBytes: 52_428_800, accept: "application/pdf" })
 *   // "/v1/storage/object/tmp/s1/cv/x1/cv.pdf?token=eyJ…"
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { assertStorageKey, FieldworkError, storageObjectPath } from "@fieldwork/core";

export type StorageOp = "put" | "get";

export interface StorageUrlRequest {
  key: string;
  op: StorageOp;
  expiresInSeconds: number;
  /** Required for `put`: the most bytes the upload may have. */
  maxBytes?: number;
  /** For `put`: what the sniffed type must match (an `accept` list: `image/*,.pdf`); none = anything. */
  accept?: string | null;
}

/** What a valid token grants. */
export interface StorageGrant {
  key: string;
  op: StorageOp;
  /** Unix seconds. */
  expiresAt: number;
  maxBytes: number | undefined;
  accept: string | null;
}

/** Seven days, as S3's presigned URLs. */
export const STORAGE_URL_MAX_SECONDS = 604_800;
const ACCEPT_MAX_LENGTH = 1024;

interface TokenBody { e: number; m?: number; a?: string }

const keyOf = (secret: string) => createHmac("sha256", secret).update("fieldwork/storage-url/v1").digest();

function mac(secret: string, grant: StorageGrant): Buffer {
  // Length-prefixed fields: no two different grants give the same input.
  const fields = [grant.op, grant.key, String(grant.expiresAt), String(grant.maxBytes ?? ""), grant.accept ?? ""];
  return createHmac("sha256", keyOf(secret)).update(fields.map((f) => `${Buffer.byteLength(f)}:${f}`).join("|")).digest();
}

/** The token alone (for callers that build their own URL). */
export function signStorageToken(secret: string, request: StorageUrlRequest, now = Date.now()): string {
  assertStorageKey(request.key);
  if (!Number.isInteger(request.expiresInSeconds) || request.expiresInSeconds < 1 || request.expiresInSeconds > STORAGE_URL_MAX_SECONDS) {
    throw new RangeError(`expiresInSeconds is 1 to ${STORAGE_URL_MAX_SECONDS}`);
  }
  if (request.op === "put" && !(Number.isSafeInteger(request.maxBytes) && request.maxBytes! > 0)) throw new RangeError("a put URL needs maxBytes > 0");
  if ((request.accept?.length ?? 0) > ACCEPT_MAX_LENGTH) throw new RangeError("accept is too long");
  const grant: StorageGrant = {
    key: request.key, op: request.op, expiresAt: Math.floor(now / 1000) + request.expiresInSeconds,
    maxBytes: request.op === "put" ? request.maxBytes : undefined, accept: request.op === "put" ? request.accept?.trim() || null : null,
  };
  const body: TokenBody = { e: grant.expiresAt, ...(grant.maxBytes !== undefined ? { m: grant.maxBytes } : {}), ...(grant.accept ? { a: grant.accept } : {}) };
  return `${Buffer.from(JSON.stringify(body)).toString("base64url")}.${mac(secret, grant).toString("base64url")}`;
}

/** A relative URL on our origin: `/v1/storage/object/{key}?token=…`. */
export function signStorageUrl(secret: string, request: StorageUrlRequest, now = Date.now()): string {
  return `${storageObjectPath(request.key)}?token=${signStorageToken(secret, request, now)}`;
}

/**
 * The grant of a token for this key and operation, or STORAGE_TOKEN_INVALID (forged,
 * expired, for another key or operation, malformed).
 */
export function verifyStorageToken(secret: string, check: { key: string; op: StorageOp; token: unknown }, now = Date.now()): StorageGrant {
  const refused = new FieldworkError("STORAGE_TOKEN_INVALID");
  if (typeof check.token !== "string" || check.token.length > 4096) throw refused;
  const [bodyText, signature, extra] = check.token.split(".");
  if (!bodyText || !signature || extra !== undefined) throw refused;
  const body = parseBody(bodyText);
  if (!body) throw refused;
  const grant: StorageGrant = { key: check.key, op: check.op, expiresAt: body.e, maxBytes: body.m, accept: body.a ?? null };
  const expected = mac(secret, grant);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused;
  if (grant.expiresAt * 1000 <= now) throw refused;
  return grant;
}

function parseBody(text: string): TokenBody | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown;
    if (typeof value !== "object" || value === null) return undefined;
    const { e, m, a } = value as Record<string, unknown>;
    if (!Number.isSafeInteger(e)) return undefined;
    if (m !== undefined && !Number.isSafeInteger(m)) return undefined;
    if (a !== undefined && typeof a !== "string") return undefined;
    return { e: e as number, ...(m !== undefined ? { m: m as number } : {}), ...(a !== undefined ? { a: a as string } : {}) };
  } catch {
    return undefined;
  }
}
