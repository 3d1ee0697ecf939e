/**
 * The per-account sign-in limit (core's SIGN_IN_BACKOFF): failed sign-ins are counted per
 * email address, whatever client address they come from, in Postgres so the count holds
 * across instances. Past the limit the account refuses attempts, without checking a
 * password, for a delay that doubles with each further failure. The key is the SHA-256 of the
 * lowercased address: a password typed into the email field is not stored.
 */
import { createHash } from "node:crypto";
import { SIGN_IN_BACKOFF, signInDelaySeconds } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";

export type SignInBackoff = typeof SIGN_IN_BACKOFF;

const accountKey = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

/** Seconds this account still refuses sign-ins for (0: it takes them). */
export async function signInLockedFor(db: Kysely<DB>, email: string): Promise<number> {
  const { rows } = await sql<{ wait: number }>`
    select ceil(extract(epoch from blocked_until - now()))::int as wait from sign_in_failure
    where key = ${accountKey(email)} and blocked_until > now()`.execute(db);
  return rows[0] ? Math.max(1, Number(rows[0].wait)) : 0;
}

/** Counts one failed sign-in; answers the delay it starts (0 while under the limit). */
export async function recordSignInFailure(db: Kysely<DB>, email: string, limit: SignInBackoff = SIGN_IN_BACKOFF): Promise<number> {
  const key = accountKey(email);
  const { rows } = await sql<{ failures: number }>`
    insert into sign_in_failure (key, failures, last_failure_at) values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when sign_in_failure.last_failure_at > now() - make_interval(secs => ${limit.window_seconds})
        then sign_in_failure.failures + 1 else 1 end,
      last_failure_at = now()
    returning failures`.execute(db);
  const delay = signInDelaySeconds(Number(rows[0]!.failures), limit);
  if (delay > 0) {
    await sql`update sign_in_failure set blocked_until = now() + make_interval(secs => ${delay}) where key = ${key}`.execute(db);
  }
  return delay;
}

/** A successful sign-in starts the count again. */
export async function clearSignInFailures(db: Kysely<DB>, email: string): Promise<void> {
  await db.deleteFrom("sign_in_failure").where("key", "=", accountKey(email)).execute();
}
