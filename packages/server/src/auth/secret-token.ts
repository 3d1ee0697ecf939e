/**
 * Bearer secrets handed out once (API keys `fwk_…`, invitation links `fwi_…`): a prefix and
 * 32 random bytes. Only a SHA-256 is stored: the token has full entropy, so a slow hash adds
 * nothing.
 */
import { createHash, randomBytes } from "node:crypto";

export const newSecretToken = (prefix: string) => `${prefix}${randomBytes(32).toString("base64url")}`;

export const tokenDigest = (token: string) => createHash("sha256").update(token).digest("hex");
