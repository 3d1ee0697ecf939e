/**
 * Public rate limits and retention (issue 7, finding D): limits are counted in Postgres, so
 * two server instances on one database share them; past the limit the answer is 429 with
 * Retry-After; unsubmitted sessions go after their retention period.
 */
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { importForm } from "../forms/definition-import";
import { defaultProject, demoFormDefinition } from "../seed/seed";
import { BACKENDS } from "../test/backends";
import { addressKey, PUBLIC_RATE_LIMITS } from "./rate-limit";
import { pruneExpired, UNSUBMITTED_SESSION_RETENTION_DAYS } from "./retention";

describe("addressKey", () => {
  it("counts IPv4 per address and IPv6 per /64", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2::9")).toBe(addressKey("2001:0db8:0001:0002:ffff::1"));
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:db8:1:3::1")).not.toBe(addressKey("2001:db8:1:2::1"));
  });
});

describe.each(BACKENDS)("public rate limits on $name", (backend) => {
  let database: Database;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let formId: string;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    // Two instances of the server on one database, as behind a load balancer.
    first = await buildApp({ db: database.db });
    second = await buildApp({ db: database.db });
    formId = (await importForm(database.db, await defaultProject(database.db), demoFormDefinition())).id;
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  /** Waits for a fresh minute when little is left of this one, so a test stays in one window. */
  const freshWindow = async () => {
    const { rows } = await sql<{ s: number }>`select (extract(epoch from now()) % 60)::float as s`.execute(database.db);
    const left = 60 - Number(rows[0]!.s);
    if (left < 15) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
  };

  const newSession = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({ method: "GET", url: `/v1/${formId}/session`, remoteAddress });

  it.skipIf(!backend.available)("answers 429 with Retry-After once one address passes the limit, across instances", async () => {
    const { max } = PUBLIC_RATE_LIMITS.session;
    await freshWindow();
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await newSession(i % 2 ? first : second, "198.51.100.7")).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await newSession(first, "198.51.100.7");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");
    const retry = Number(refused.headers["retry-after"]);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(PUBLIC_RATE_LIMITS.session.window_seconds);
    expect((await newSession(second, "198.51.100.7")).statusCode).toBe(429);
    // Another visitor is not held back, and other endpoints count on their own.
    expect((await newSession(second, "198.51.100.8")).statusCode).toBe(200);
    expect((await first.inject({ method: "GET", url: `/v1/${formId}`, remoteAddress: "198.51.100.7" })).statusCode).toBe(200);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from response_session`.execute(database.db);
    expect(rows[0]!.n).toBe(max + 1);
  });

  it.skipIf(!backend.available)("limits a flood of submits whose answers are refused: each counts", async () => {
    const post = () => first.inject({
      method: "POST", url: `/submit/${formId}`, remoteAddress: "198.51.100.20",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, payload: "full_name=x",
    });
    await freshWindow();
    const answers = await Promise.all(Array.from({ length: PUBLIC_RATE_LIMITS.submit.max + 5 }, post));
    const counts = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.statusCode]: (acc[a.statusCode] ?? 0) + 1 }), {});
    expect(counts[429]).toBe(5);
    expect(counts[400]).toBe(PUBLIC_RATE_LIMITS.submit.max);
    // A browser's native post past the limit gets a page that says so, not JSON.
    const page = await first.inject({
      method: "POST", url: `/submit/${formId}`, remoteAddress: "198.51.100.20",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" }, payload: "full_name=x",
    });
    expect(page.statusCode).toBe(429);
    expect(page.headers["retry-after"]).toBeDefined();
    expect(page.body).toContain("Too many requests");
  });

  it.skipIf(!backend.available)("holds the limit exactly under a rush of valid submits from one address, across instances", async () => {
    const answer = new URLSearchParams([
      ["full_name", "Ada Lovelace"], ["email", "ada@example.com"], ["phone", "555-123-4567"], ["website", "https://ada.dev"],
      ["team_size", "12"], ["role", "engineer"], ["start_date", "2026-12-01"], ["plan", "team"], ["features", "forms"],
      ["satisfaction", "9"], ["newsletter", "on"], ["call_time", "09:30"], ["comments", "rush"], ["accept_terms", "on"], ["source", "rush"],
    ]).toString();
    const post = (i: number) => (i % 2 ? first : second).inject({
      method: "POST", url: `/submit/${formId}`, remoteAddress: "198.51.100.30",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, payload: answer,
    });
    await freshWindow();
    const { max } = PUBLIC_RATE_LIMITS.submit;
    const answers = await Promise.all(Array.from({ length: max + 10 }, (_, i) => post(i)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201), answers.find((a) => a.statusCode !== 201 && a.statusCode !== 429)?.body).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json().error.code).toBe("RATE_LIMITED");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(`form_data.${(await database.db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirstOrThrow()).table_name}`)}
      where comments = 'rush'`.execute(database.db);
    expect(rows[0]!.n).toBe(max);
  });

  it.skipIf(!backend.available)("deletes unsubmitted sessions after the retention period and old rate-limit windows", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - (UNSUBMITTED_SESSION_RETENTION_DAYS + 1) * 86_400_000);
    const insert = (updated_at: Date, submitted_at: Date | null) => database.db.insertInto("response_session")
      .values({ form_id: formId, updated_at, submitted_at }).returning("id").executeTakeFirstOrThrow();
    const stale = await insert(old, null);
    const submitted = await insert(old, old);
    const recent = await insert(now, null);
    await database.db.insertInto("rate_limit_hit").values({ key: "old:1.2.3.4", window_start: old, hits: 3 }).execute();
    await sql`insert into row_feed_watch (table_name, watched_until) values ('gone_table', ${old}), ('live_table', ${new Date(now.getTime() + 60_000)})`.execute(database.db);

    const pruned = await pruneExpired(database.db, now);
    expect(pruned.sessions).toBe(1);
    expect(pruned.rate_limit_windows).toBeGreaterThanOrEqual(1);
    const left = await database.db.selectFrom("response_session").select("id").where("id", "in", [stale.id, submitted.id, recent.id]).execute();
    expect(left.map((r) => r.id).sort()).toEqual([submitted.id, recent.id].sort());
    expect(await database.db.selectFrom("rate_limit_hit").select("key").where("key", "=", "old:1.2.3.4").executeTakeFirst()).toBeUndefined();
    const { rows: watches } = await sql<{ table_name: string }>`select table_name from row_feed_watch order by 1`.execute(database.db);
    expect(watches.map((w) => w.table_name)).toEqual(["live_table"]);
  });
});
