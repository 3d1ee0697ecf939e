/**
 * The rate limits' hit counter in this process's memory, for PGlite: one process holds a
 * PGlite database (the CLI runs its commands through the server), so counting here holds
 * for every request the database serves, like `rate_limit_hit` does across PostgreSQL
 * instances, and a visitor's hit never waits for PGlite's one connection. Same fixed
 * windows as the table (aligned on the epoch); counts start over when the server restarts.
 */
import type { RateLimit } from "./rate-limit";

/** Keys kept before windows that ended are swept (and, if still over, the oldest keys dropped). */
const MAX_KEYS = 100_000;

export class MemoryHits {
  readonly #windows = new Map<string, { start: number; hits: number }>();

  hit(key: string, limit: RateLimit, nowMs = Date.now()): { hits: number; retry_after: number } {
    const windowMs = limit.window_seconds * 1000;
    const start = Math.floor(nowMs / windowMs) * windowMs;
    const kept = this.#windows.get(key);
    const hits = kept && kept.start === start ? kept.hits + 1 : 1;
    this.#windows.delete(key);
    this.#windows.set(key, { start, hits });
    if (this.#windows.size > MAX_KEYS) this.#sweep(nowMs);
    return { hits, retry_after: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)) };
  }

  get size(): number { return this.#windows.size; }

  #sweep(nowMs: number): void {
    // Longest window of any limit is an hour at most; a window that started earlier has ended.
    for (const [key, { start }] of this.#windows) if (start < nowMs - 3_600_000) this.#windows.delete(key);
    for (const key of this.#windows.keys()) {
      if (this.#windows.size <= MAX_KEYS) break;
      this.#windows.delete(key);
    }
  }
}
