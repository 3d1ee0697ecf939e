/**
 * Which lane a database call queues in on PGlite's one connection (pglite-driver.ts):
 * the respondent's path (form page, preload, sessions, submit: the routes with a public
 * rate limit) goes before everything else (Data API and grid reads, exports, jobs), so a
 * visitor waits at most for the statement in flight, never for a queue of heavy reads.
 * PostgreSQL's pool serves both lanes alike.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type Lane = "respondent" | "other";

const lanes = new AsyncLocalStorage<Lane>();

/** Runs `work` (and everything it awaits) in the respondent's lane. */
export function asRespondent<T>(work: () => T): T {
  return lanes.run("respondent", work);
}

/** The lane of the code running now. */
export function currentLane(): Lane {
  return lanes.getStore() ?? "other";
}
