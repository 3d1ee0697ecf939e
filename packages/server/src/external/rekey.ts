/**
 * `connections rekey` (docs/databases.md "Rotating the key"): opens every sealed connection
 * with the previous key and seals it with the current one, in one transaction. The previous
 * key is CONNECTION_KEY_PREVIOUS, else derived from SECRET_KEY_PREVIOUS; the current one is
 * what the server will use (CONNECTION_KEY, else derived from SECRET_KEY). Runs in the
 * CLI's own process only: the running server does not hold the previous key.
 */
import { FieldworkError } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { resealConnections } from "./connection-service";
import { connectionKeyOf, parseConnectionKey } from "./secret-box";

export async function rekeyConnections(db: Kysely<DB>, env: NodeJS.ProcessEnv, secretKey: string | undefined): Promise<number> {
  if (!secretKey) throw new FieldworkError("RESTORE_SERVER_RUNNING", "Stop the server, then run `connections rekey` (it needs the keys in its own environment).");
  const previous = env.CONNECTION_KEY_PREVIOUS?.trim()
    ? parseConnectionKey(env.CONNECTION_KEY_PREVIOUS.trim())
    : env.SECRET_KEY_PREVIOUS?.trim() ? connectionKeyOf({}, env.SECRET_KEY_PREVIOUS.trim()) : undefined;
  if (!previous) throw new FieldworkError("MALFORMED_REQUEST", "Set CONNECTION_KEY_PREVIOUS (or SECRET_KEY_PREVIOUS) to the key the connections were sealed with.");
  return resealConnections(db, previous, connectionKeyOf(env, secretKey));
}
