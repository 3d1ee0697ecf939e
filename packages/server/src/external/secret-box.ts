/**
 * Connection secrets sealed at rest with AES-256-GCM (docs/databases.md "Keys and rotation").
 * The key is CONNECTION_KEY (32 bytes as 64 hex digits or base64) or, without it, derived from
 * SECRET_KEY with HKDF-SHA256. A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url); the
 * connection's id is the additional data, so a sealed secret copied onto another row does
 * not open. Nothing here logs or throws the plaintext.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { FieldworkError } from "@fieldwork/core";

export type ConnectionKey = Buffer & { readonly __connectionKey: true };

const INFO = "fieldwork connection secrets v1";

/** CONNECTION_KEY when set (refused unless it is 32 bytes), else HKDF of the secret key. */
export function connectionKeyOf(env: { CONNECTION_KEY?: string | undefined }, secretKey: string): ConnectionKey {
  const given = env.CONNECTION_KEY?.trim();
  if (given) return parseConnectionKey(given);
  return Buffer.from(hkdfSync("sha256", Buffer.from(secretKey, "utf8"), Buffer.from("fieldwork"), Buffer.from(INFO), 32)) as ConnectionKey;
}

export function parseConnectionKey(text: string): ConnectionKey {
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  if (bytes.length !== 32) throw new Error("CONNECTION_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -hex 32).");
  return bytes as ConnectionKey;
}

export function seal(key: ConnectionKey, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

export function open(key: ConnectionKey, sealed: string, aad: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new FieldworkError("CONNECTION_KEY_INVALID");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new FieldworkError("CONNECTION_KEY_INVALID");
  }
}
