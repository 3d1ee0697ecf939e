/**
 * `responses list` with PostgREST filters: its flags, and the listing it streams on each
 * backend (run here in-process; the CLI's own process is tested in cli*.test.ts and
 * through-server.test.ts, remote.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FieldworkError } from "@fieldwork/core";
import { sql } from "kysely";
import type { Database } from "../db/database";
import { importForm } from "../forms/definition-import";
import { defaultProject } from "../seed/seed";
import { managedTable } from "../tables/managed-table";
import { BACKENDS } from "../test/backends";
import { parseCommand, UsageError } from "./commands";
import { runResponsesList, type ResponsesListCommand } from "./responses-list";

const ID = "3f2a9c1d-0000-4000-8000-000000000001";
const list = (...args: string[]) => parseCommand(["responses", "list", ID, ...args]) as ResponsesListCommand;
const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof FieldworkError ? error.code : error instanceof UsageError ? "usage" : `unexpected ${String(error)}`;
  }
  return "no error";
};

describe("responses list flags", () => {
  it("lists everything as JSON lines when no flag is given", () => {
    expect(list()).toEqual({ cmd: "responses.list", form_id: ID, format: "jsonl", query: "" });
  });

  it("makes a PostgREST query string of the flags: filters in their order, then select, order and limit", () => {
    const command = list(
      "--where", "age=gt.30", "--format", "csv", "--select", "name,age", "--order", "age.desc,name",
      "--where", 'or=(city.eq.Paris,city.eq."Saint-Denis, FR")', "--limit", "10",
    );
    expect(command.format).toBe("csv");
    expect([...new URLSearchParams(command.query)]).toEqual([
      ["age", "gt.30"], ["or", '(city.eq.Paris,city.eq."Saint-Denis, FR")'],
      ["select", "name,age"], ["order", "age.desc,name"], ["limit", "10"],
    ]);
  });

  it("keeps a value exactly as typed: quotes, semicolons, = signs and unicode", () => {
    const value = `eq.Zoë "Q"; drop table form; -- a=b & c+d 名前 🎉`;
    expect(new URLSearchParams(list("--where", `name=${value}`).query).get("name")).toBe(value);
  });

  it("calls a malformed flag a usage error (exit 2)", () => {
    const usage = [
      ["--format"], ["--format", "xml"], ["--format", "csv", "--format", "jsonl"], ["--select", "a", "--select", "b"],
      ["--where", "age"], ["--where", "=gt.1"], ["--where", "--limit", "3"], ["--where", "limit=3"], ["--where", "select=a"],
      ["--where", "offset=3"], ["--offset", "3"], ["--page", "2"], ["stray"], ["--limit"],
    ];
    for (const args of usage) expect({ args, code: codeOf(() => list(...args)) }).toEqual({ args, code: "usage" });
  });

  it("refuses a query PostgREST would refuse with its catalogue code, before anything runs", () => {
    const refused: [string[], string][] = [
      [["--limit", "-1"], "QUERY_INVALID"],
      [["--limit", "ten"], "QUERY_INVALID"],
      [["--order", "age.sideways"], "QUERY_INVALID"],
      [["--where", "age=gt"], "QUERY_INVALID"],
      [["--where", "age=between.1.2"], "QUERY_INVALID"],
      [["--where", 'or=(name.eq."unclosed)'], "QUERY_INVALID"],
      [["--where", `or=${"(and".repeat(40)}`], "QUERY_TOO_LARGE"],
    ];
    for (const [args, code] of refused) expect({ args, code: codeOf(() => list(...args)) }).toEqual({ args, code });
  });
});

const FORM = {
  title: "People",
  fields: [{ name: "name", type: "text" }, { name: "age", type: "number" }, { name: "city", type: "text" }, { name: "joined", type: "date" }],
};
const HOSTILE_NAME = "x'; drop table form; --";
const ROWS: [number, string, number | null, string | null, string | null][] = [
  [1, "Ada", 36, "Paris", "2020-01-05"],
  [2, "Bob", 17, "Lyon", null],
  [3, 'Zoë "Q"', 52, "Saint-Denis, FR", "2019-07-01"],
  [4, "Émile; drop", 30, "Paris", null],
  [5, HOSTILE_NAME, null, null, null],
];

describe.each(BACKENDS)("responses list on $name", (backend) => {
  let database: Database;
  let formId: string;
  let table: string;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    formId = (await importForm(database.db, await defaultProject(database.db), FORM)).id;
    table = (await database.db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirstOrThrow()).table_name;
    for (const [local_index, name, age, city, joined] of ROWS) {
      await sql`insert into ${managedTable(table)} (local_index, name, age, city, joined)
        values (${local_index}, ${name}, ${age}, ${city}, ${joined}::date)`.execute(database.db);
    }
  });
  afterAll(async () => database?.close());

  /** The listing's text, or the catalogue code of the error it ends with. */
  async function output(form: string, ...args: string[]): Promise<string> {
    let text = "";
    try {
      const command = parseCommand(["responses", "list", form, ...args]) as ResponsesListCommand;
      await runResponsesList(database.db, command, async (chunk) => {
        text += chunk;
        return true;
      });
    } catch (error) {
      if (error instanceof FieldworkError) return `error ${error.code}`;
      throw error;
    }
    return text;
  }
  const jsonLines = (text: string) => text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

  it.skipIf(!backend.available)("lists every row in local_index order with the table's columns, as before", async () => {
    const rows = jsonLines(await output(formId));
    expect(rows.map((r) => r.local_index)).toEqual([1, 2, 3, 4, 5]);
    const { rows: columns } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = ${table} order by ordinal_position`.execute(database.db);
    expect(Object.keys(rows[0]!)).toEqual(columns.map((c) => c.column_name).filter((name) => !name.startsWith("__fw_")));
    expect(rows[0]).toMatchObject({ name: "Ada", age: 36, city: "Paris", joined: "2020-01-05", meta: {} });
    expect(rows[4]).toMatchObject({ name: HOSTILE_NAME, age: null });
  });

  it.skipIf(!backend.available)("filters, orders and selects as JSON lines", async () => {
    expect(jsonLines(await output(formId, "--where", "age=gte.18", "--order", "age.desc", "--select", "name,age,city"))).toEqual([
      { name: 'Zoë "Q"', age: 52, city: "Saint-Denis, FR" },
      { name: "Ada", age: 36, city: "Paris" },
      { name: "Émile; drop", age: 30, city: "Paris" },
    ]);
    expect(await output(formId, "--where", "age=gte.18", "--where", "city=eq.Paris", "--order", "name.desc", "--select", "name", "--limit", "1"))
      .toBe('{"name":"Émile; drop"}\n');
  });

  it.skipIf(!backend.available)("writes CSV with a header, quoting what needs it", async () => {
    const csv = await output(formId, "--format", "csv", "--where", 'or=(city.eq.Paris,city.eq."Saint-Denis, FR")',
      "--order", "local_index.desc", "--select", "name,city,joined");
    expect(csv).toBe('name,city,joined\r\nÉmile; drop,Paris,\r\n"Zoë ""Q""","Saint-Denis, FR",2019-07-01\r\nAda,Paris,2020-01-05\r\n');
    expect(await output(formId, "--format", "csv", "--where", "age=gt.100", "--select", "name,age")).toBe("name,age\r\n");
    expect(await output(formId, "--where", "age=gt.100")).toBe("");
  });

  it.skipIf(!backend.available)("binds hostile values as values and answers bad ones with a catalogue code", async () => {
    expect(jsonLines(await output(formId, "--where", `name=eq.${HOSTILE_NAME}`, "--select", "local_index"))).toEqual([{ local_index: 5 }]);
    expect(jsonLines(await output(formId, "--where", "name=like.*ë*", "--select", "name"))).toEqual([{ name: 'Zoë "Q"' }]);
    expect(await output(formId, "--where", "age=gt.1;drop table form")).toBe("error INVALID_FILTER_VALUE");
    expect(await output(formId, "--where", "age=eq.'1'")).toBe("error INVALID_FILTER_VALUE");
    expect(await output(formId, "--where", "nöpe=eq.1")).toBe("error COLUMN_NOT_FOUND");
    expect(await output(formId, "--where", '"name; drop"=eq.1')).toBe("error COLUMN_NOT_FOUND");
    expect(await output(formId, "--order", "pg_sleep.asc")).toBe("error COLUMN_NOT_FOUND");
    expect(await output(formId, "--select", "name,__fw_nothing")).toBe("error COLUMN_NOT_FOUND");
    expect(await output(formId, "--where", "joined=gt.yesterday-ish")).toBe("error INVALID_FILTER_VALUE");
    expect(await output("3f2a9c1d-0000-4000-8000-00000000dead")).toBe("error FORM_NOT_FOUND");
    expect(await output("x'; drop table form; --")).toBe("error FORM_NOT_FOUND");
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from form`.execute(database.db);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });

  it.skipIf(!backend.available)("waits for the reader: one batch at a time, and stops when the reader goes", async () => {
    const { id } = await importForm(database.db, await defaultProject(database.db), { title: "Many", fields: [{ name: "n", type: "number" }] });
    const many = (await database.db.selectFrom("form").select("table_name").where("id", "=", id).executeTakeFirstOrThrow()).table_name;
    await sql`insert into ${managedTable(many)} (local_index, n) select i, i from generate_series(1, 2500) as i`.execute(database.db);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const chunks: string[] = [];
    const done = runResponsesList(database.db, { ...list("--select", "n"), form_id: id }, async (chunk) => {
      chunks.push(chunk);
      if (chunks.length === 1) await held;
      return true;
    });
    // The first batch arrives (however loaded the machine), then nothing more while it waits.
    await expect.poll(() => chunks.length, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(chunks).toHaveLength(1); // the second batch is not even fetched while the first waits
    release();
    await done;
    const lines = chunks.join("").split("\n").filter(Boolean);
    expect(lines).toHaveLength(2500);
    expect(lines.at(-1)).toBe('{"n":2500}');
    expect(chunks.length).toBeGreaterThanOrEqual(3);

    let calls = 0;
    await runResponsesList(database.db, { ...list("--select", "n"), form_id: id }, async () => ++calls < 0);
    expect(calls).toBe(1);
  });
});
