/**
 * Per-address limits on the public endpoints, counted in Postgres so that they hold across
 * instances (like better-auth's sign-in limit): one upsert per limited request counts hits
 * in a fixed window; past the limit the answer is 429 RATE_LIMITED with `Retry-After`.
 * Routes opt in with `config: { rate_limit: "submit" }`. IPv6 clients are counted per /64,
 * the block one subscriber gets.
 *
 * A route with `rate_limit_in_transaction` counts its hit itself, on PostgreSQL, in the
 * transaction that does its work (the submit's batch: `hitsStatement`), so a request costs no round
 * trip of its own; the hook hands it `request.rate_hit` (key and limit) instead of counting.
 * When the request fails before its transaction counted it, the route counts it alone
 * (`countUnlessCounted`), so every request counts, answered or refused.
 */
import { FieldworkError } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import { sql, type Kysely, type RawBuilder } from "kysely";
import { kindOf } from "../db/database";
import { asRespondent } from "../db/priority";
import { literalOf } from "../db/statement-rounds";
import { MemoryHits } from "./memory-hits";
import type { DB } from "../db/schema";

export interface RateLimit {
  /** Requests one address may make per window. */
  max: number;
  window_seconds: number;
}

/** docs/api.md "Rate limits". Generous enough for a class or an office behind one address. */
export const PUBLIC_RATE_LIMITS = {
  /** Form pages and preloads. */
  read: { max: 600, window_seconds: 60 },
  /** New response sessions: one per tab that opens a form. */
  session: { max: 120, window_seconds: 60 },
  /** Partial answers saved while typing (debounced 300 ms per field). */
  answer: { max: 1_200, window_seconds: 60 },
  submit: { max: 60, window_seconds: 60 },
  /** Reference-field lookups (references/reference-lookup.ts): debounced while a visitor types. */
  lookup: { max: 300, window_seconds: 60 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof PUBLIC_RATE_LIMITS;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The public limit this route counts against. */
    rate_limit?: RateLimitName;
    /** On PostgreSQL the route counts the hit in its own transaction (see above). */
    rate_limit_in_transaction?: boolean;
  }
  interface FastifyRequest {
    /** The hit a `rate_limit_in_transaction` route has yet to count, or null. */
    rate_hit: PendingHit | null;
  }
}

/** A hit to count: the address's key and the limit it counts against. */
export interface PendingHit { key: string; limit: RateLimit }

/** 429 RATE_LIMITED, with the seconds until the window ends (the Retry-After header). */
export class RateLimitedError extends FieldworkError {
  readonly retry_after: number;
  constructor(limit: RateLimit, retry_after: number) {
    super("RATE_LIMITED", `Too many requests from your address: at most ${limit.max} per ${limit.window_seconds} seconds. Try again in ${retry_after} s.`);
    this.retry_after = retry_after;
  }
}

/** The part of an address one client controls: the whole IPv4 address, an IPv6 /64. */
export function addressKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

const memory = new WeakMap<Kysely<DB>, MemoryHits>();

/**
 * Counts one hit; answers how many this window holds and the seconds until it ends. On
 * PGlite the count is kept in memory (memory-hits.ts), on PostgreSQL in `rate_limit_hit`.
 */
export async function hit(db: Kysely<DB>, key: string, limit: RateLimit): Promise<{ hits: number; retry_after: number }> {
  if (kindOf(db) === "pglite") {
    let hits = memory.get(db);
    if (!hits) memory.set(db, (hits = new MemoryHits()));
    return hits.hit(key, limit);
  }
  const { rows } = await sql<{ hits: number; retry_after: number }>`
    insert into rate_limit_hit (key, window_start, hits)
    values (${key}, to_timestamp(floor(extract(epoch from now()) / ${limit.window_seconds}) * ${limit.window_seconds}), 1)
    on conflict (key) do update set
      hits = case when rate_limit_hit.window_start = excluded.window_start then rate_limit_hit.hits + 1 else 1 end,
      window_start = excluded.window_start
    returning hits, ceil(extract(epoch from window_start) + ${limit.window_seconds} - extract(epoch from now()))::int as retry_after`
    .execute(db);
  const row = rows[0]!;
  return { hits: Number(row.hits), retry_after: Math.max(1, Number(row.retry_after)) };
}

/** What `hitsStatement` returns per key. */
export interface CountedKey { key: string; hits: number; start: number; now: number }

/**
 * The hits of `pending` by key, the keys sorted (so two statements never wait on each other
 * crosswise): each key's window, how many it counts, and its limit's max (the first hit's).
 */
export function keyHits(pending: readonly PendingHit[]): { keys: string[]; windows: number[]; counts: number[]; maxes: number[] } {
  const byKey = new Map<string, { window_seconds: number; n: number; max: number }>();
  for (const { key, limit } of pending) {
    const entry = byKey.get(key);
    if (entry) entry.n++;
    else byKey.set(key, { window_seconds: limit.window_seconds, n: 1, max: limit.max });
  }
  const keys = [...byKey.keys()].sort();
  return {
    keys, windows: keys.map((k) => byKey.get(k)!.window_seconds), counts: keys.map((k) => byKey.get(k)!.n), maxes: keys.map((k) => byKey.get(k)!.max),
  };
}

/**
 * The upsert that counts a statement's hits, `keyHits`' three arrays given as SQL (literals or
 * parameters), `returning key, hits, start, now`.
 */
export function hitsUpsert(keys: string, windows: string, counts: string): string {
  return `
    insert into rate_limit_hit (key, window_start, hits)
    select u.key, to_timestamp(floor(extract(epoch from now()) / u.w) * u.w), u.n
    from unnest(${keys}, ${windows}, ${counts}) as u(key, w, n)
    order by u.key
    on conflict (key) do update set
      hits = case when rate_limit_hit.window_start = excluded.window_start then rate_limit_hit.hits + excluded.hits else excluded.hits end,
      window_start = excluded.window_start
    returning key, hits, extract(epoch from window_start)::float8 as start, extract(epoch from now())::float8 as now`;
}

/**
 * The upsert that counts the hits of `pending` in one statement, to put in a caller's statement
 * or transaction (the submit's batch: batch-write.ts; one-round-statement.ts writes it with
 * parameters); `placeHits` reads its rows back.
 */
export function hitsStatement(pending: readonly PendingHit[]): RawBuilder<CountedKey> {
  const { keys, windows, counts } = keyHits(pending);
  return sql.raw<CountedKey>(hitsUpsert(`${literalOf(keys)}::text[]`, `${literalOf(windows)}::int[]`, `${literalOf(counts)}::int[]`));
}

/** Each of `pending` in order: its place in its window (the n-th hit of its key) and the seconds left. */
export function placeHits(pending: readonly PendingHit[], rows: readonly CountedKey[]): { hits: number; retry_after: number }[] {
  const { keys, counts } = keyHits(pending);
  const byKey = new Map(keys.map((key, i) => [key, counts[i]!]));
  const counted = new Map(rows.map((r) => [r.key, r]));
  const taken = new Map<string, number>();
  return pending.map(({ key, limit }) => {
    const row = counted.get(key)!;
    const before = taken.get(key) ?? 0;
    taken.set(key, before + 1);
    const hits = Number(row.hits) - byKey.get(key)! + before + 1;
    return { hits, retry_after: Math.max(1, Math.ceil(Number(row.start) + limit.window_seconds - Number(row.now))) };
  });
}

/** Counts a `rate_limit_in_transaction` request whose transaction did not; throws RateLimitedError past the limit. */
export async function countUnlessCounted(db: Kysely<DB>, pending: PendingHit | null): Promise<void> {
  if (!pending) return;
  const { hits, retry_after } = await asRespondent(() => hit(db, pending.key, pending.limit));
  if (hits > pending.limit.max) throw new RateLimitedError(pending.limit, retry_after);
}

/**
 * Applies each route's limit before its body is read. `factor` scales every limit (the
 * PUBLIC_RATE_LIMIT_FACTOR setting: larger audiences behind one address); 0 turns them off.
 */
export function rateLimits(app: FastifyInstance, factor = 1): void {
  app.decorateRequest("rate_hit", null);
  if (factor <= 0) return;
  const inTransaction = kindOf(app.db) === "postgres";
  app.addHook("onRequest", async (request, reply) => {
    const { rate_limit: name, rate_limit_in_transaction } = request.routeOptions.config;
    if (!name) return;
    const base = PUBLIC_RATE_LIMITS[name];
    const limit = { ...base, max: Math.max(1, Math.round(base.max * factor)) };
    if (rate_limit_in_transaction && inTransaction) {
      request.rate_hit = { key: `${name}:${addressKey(request.ip)}`, limit };
      return;
    }
    const { hits, retry_after } = await asRespondent(() => hit(app.db, `${name}:${addressKey(request.ip)}`, limit));
    if (hits <= limit.max) return;
    reply.header("retry-after", String(retry_after));
    throw new RateLimitedError(limit, retry_after);
  });
}
