/** A webhook's signing secret and the signature of one delivery (docs/webhooks.md "Verifying"). */
import { createHmac, randomBytes } from "node:crypto";
import { webhookSignedContent } from "@fieldwork/core";

/** `whsec_` and 32 random bytes in base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** The `Fieldwork-Signature` header: `v1=` and the hex HMAC-SHA256 of `${timestamp}.${body}`. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac("sha256", secret).update(webhookSignedContent(timestamp, body)).digest("hex")}`;
}
