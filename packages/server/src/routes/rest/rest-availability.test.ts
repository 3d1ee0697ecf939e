/**
 * Availability under heavy reads (issue 19, docs/ARCHITECTURE.md "Hostile input"): a long
 * statement does not hold the event loop (PGlite runs in a worker thread), and the public
 * form page is served while heavy Data API reads are in flight and queued (on PGlite the
 * respondent's lane goes before queued Data API reads; PostgreSQL has its pool).
 */
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guarded } from "../../query/query-guard";
import { BACKENDS } from "../../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../../test/data-api";
import { serverUrl } from "../../test/sse";

const ROWS = 20_000;
const WORDS = ["amber", "basil", "cedar", "delta", "ember", "fjord", "grove", "haven", "iris", "juniper"];
/** The heaviest filter a query may hold: ten or-ed contains patterns, sorted on the long column, counted exactly. */
const HEAVY = `select=name,bio&order=bio.desc&limit=1000&or=(${
  ["*am*er*", "*ba*il*", "*ce*ar*", "*de*ta*", "*em*er*", "*fj*rd*", "*gr*ve*", "*ha*en*", "*ir*s*", "*ju*er*"].map((p) => `bio.ilike.${p}`).join(",")})`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(BACKENDS)("availability under heavy reads on $name", (backend) => {
  let f: DataApiFixture;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `availability-${backend.name}`);
    app = f.app;
    await sql`insert into ${sql.table(`form_data.${f.table}`)} (local_index, name, bio)
      select g, 'person ' || g, repeat(${WORDS.join(" ")} || ' ' || g || ' ', 6) from generate_series(1, ${ROWS}) g`.execute(f.database.db);
    await sql`update form set is_published = true where id = ${f.form_id}`.execute(f.database.db);
    base = await serverUrl(app);
  }, 60_000);
  afterAll(async () => f?.close());

  it.skipIf(!backend.available)("answers /healthz within 100 ms while a long statement runs", async () => {
    let done = false;
    const started = performance.now();
    const long = sql`select count(*) from generate_series(1, 5000000)`.execute(f.database.db).finally(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const health = await fetch(`${base}/healthz`);
      await health.arrayBuffer();
      expect(health.status).toBe(200);
      times.push(performance.now() - t);
    }
    const answeredDuring = !done;
    await long;
    // The statement ran long enough to matter; the health checks came back while it ran.
    expect(performance.now() - started).toBeGreaterThan(300);
    expect(answeredDuring).toBe(true);
    expect(median(times)).toBeLessThan(100);
  });

  /** The form page, read to its end (an unread body keeps its connection busy and the app from closing). */
  const page = async () => {
    const response = await fetch(`${base}/d/e/${f.form_id}`, { headers: { accept: "text/html" } });
    await response.arrayBuffer();
    return response;
  };
  const heavyRead = () => fetch(`${base}/rest/v1/${f.table}?${HEAVY}`, { headers: { authorization: `Bearer ${f.keys.viewer}`, prefer: "count=exact" } })
    .then(async (response) => { await response.arrayBuffer(); return response.status; });

  it.skipIf(!backend.available)("serves the public form page while heavy Data API reads run", async () => {
    expect((await page()).status).toBe(200); // the form's definition is cached from here on
    // One heavy read alone, the median of three (one sample on a busy CI machine was off by half).
    const alone: number[] = [];
    let t = 0;
    for (let i = 0; i < 3; i++) {
      t = performance.now();
      expect(await heavyRead()).toBe(206);
      alone.push(performance.now() - t);
    }
    const heavyAlone = median(alone);
    let running = true;
    const readers = Array.from({ length: 3 }, async () => {
      const statuses: number[] = [];
      while (running) statuses.push(await heavyRead());
      return statuses;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      expect((await page()).status).toBe(200);
      times.push(performance.now() - t);
    }
    running = false;
    for (const statuses of await Promise.all(readers)) expect(new Set(statuses)).toEqual(new Set([206]));
    // PGlite (one connection): a page load waits at most for the statement in flight (on average
    // half of one read), not for the reads queued (two and a half reads on average behind three).
    // PostgreSQL: the page has a connection of its own and shares only the cores with the three
    // readers; on the 2-core CI machine, beside another test file, that took it to 1.8× one read.
    expect(median(times)).toBeLessThan((backend.name === "postgres" ? 3 : 1.5) * heavyAlone);
  });

  // PostgreSQL only: PGlite has no parallel workers.
  if (backend.name === "postgres") it.skipIf(!backend.available)("runs a Data API statement without parallel workers: one caller, one core", async () => {
    const setting = () => sql<{ workers: string }>`select current_setting('max_parallel_workers_per_gather') as workers`;
    const { rows } = await guarded(f.database.db, { timeoutMs: 5000 }, (g) => setting().execute(g));
    expect(rows[0]!.workers).toBe("0");
    // Other work keeps the server's setting.
    expect((await setting().execute(f.database.db)).rows[0]!.workers).not.toBe("0");
  });

  /** Holds PGlite's one connection (on PostgreSQL, one of the pool's) in a transaction until `open()`. */
  async function holdConnection() {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const holder = f.database.db.transaction().execute(() => gate);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { open, holder };
  }

  it.skipIf(!backend.available)("runs a visitor's statements before Data API work queued ahead of them", async () => {
    const { open, holder } = await holdConnection();
    const finished: string[] = [];
    const queued = Array.from({ length: 3 }, (_, i) => sql`select count(*) from generate_series(1, 1500000)`.execute(f.database.db)
      .then(() => finished.push(`statement ${i}`)));
    // A new response session: a write in the respondent's lane.
    const session = fetch(`${base}/v1/${f.form_id}/session`).then(async (response) => {
      await response.arrayBuffer();
      finished.push("session");
      return response.status;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    open();
    expect(await session).toBe(200);
    await Promise.all([holder, ...queued]);
    // Its two statements each wait at most for the one in flight (in arrival order it would come last).
    expect(finished.indexOf("session")).toBeLessThanOrEqual(1);
  });

  it.skipIf(!backend.available)("serves the form page while its connection is held, and never a page older than a write", async () => {
    expect((await page()).status).toBe(200);
    const { open, holder } = await holdConnection();
    try {
      const loaded = await Promise.race([page().then((r) => r.status), new Promise((resolve) => setTimeout(() => resolve("waiting"), 5000))]);
      expect(loaded).toBe(200);
    } finally {
      open();
      await holder;
    }
    await f.database.db.updateTable("form").set({ is_force_closed: true }).where("id", "=", f.form_id).execute();
    const closed = await fetch(`${base}/d/e/${f.form_id}`, { headers: { accept: "text/html" }, redirect: "manual" });
    await closed.arrayBuffer();
    expect([closed.status, closed.headers.get("location")]).toEqual([302, `/d/e/${f.form_id}/formclosed?oops=FORM_CLOSED_WHILE_RESPONDING`]);
    await f.database.db.updateTable("form").set({ is_force_closed: false }).where("id", "=", f.form_id).execute();
    expect((await page()).status).toBe(200);
  });
});
