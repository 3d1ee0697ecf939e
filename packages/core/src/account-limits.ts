/**
 * Limits that protect accounts and keys (docs/ARCHITECTURE.md "Hostile input"). The server
 * enforces them; the workbench reads the same numbers to explain them.
 */

/**
 * Failed sign-ins for one email address, from any number of client addresses: after
 * `failures` failures, each less than `window_seconds` after the one before, the account
 * refuses attempts (without checking the password) for `first_delay_seconds`, doubling with
 * each further failure up to `max_delay_seconds`. A successful sign-in clears the count.
 */
export const SIGN_IN_BACKOFF = {
  failures: 5,
  window_seconds: 60 * 60,
  first_delay_seconds: 30,
  max_delay_seconds: 15 * 60,
} as const;

/** The delay, in seconds, after the `failures`-th failure in a window (0 while under the limit). */
export function signInDelaySeconds(failures: number, limit: typeof SIGN_IN_BACKOFF = SIGN_IN_BACKOFF): number {
  if (failures < limit.failures) return 0;
  const doublings = Math.min(failures - limit.failures, 30);
  return Math.min(limit.max_delay_seconds, limit.first_delay_seconds * 2 ** doublings);
}
