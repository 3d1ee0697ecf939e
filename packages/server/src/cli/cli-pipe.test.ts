/**
 * The CLI writes everything it prints, whatever stdout is: through a pipe, a listing of
 * 10,000+ rows arrives whole (a process that exits before stdout drains cuts it at 64 KB),
 * as JSON lines or CSV, filtered and ordered on PostgreSQL itself (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openDatabase } from "../db/database";
import { migrate } from "../db/migrate";
import { importForm } from "../forms/definition-import";
import { defaultProject, demoFormDefinition } from "../seed/seed";
import { managedTable } from "../tables/managed-table";
import { BACKENDS, createScratchDatabase } from "../test/backends";
import { linesOf, runCli, useBuiltCli } from "./cli-process";

useBuiltCli();

const ROWS = 10_500;
const postgres = BACKENDS.find((b) => b.name === "postgres")!;

describe.skipIf(!postgres.available)("npm run cli through a pipe", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let formId: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    try {
      await migrate(database.db);
      formId = (await importForm(database.db, await defaultProject(database.db), demoFormDefinition())).id;
      const form = await database.db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirstOrThrow();
      await sql`insert into ${managedTable(form.table_name)} (local_index, full_name, team_size, comments)
        select i, 'Visitor ' || i, i % 100, repeat('long answer, ', 20) from generate_series(1, ${ROWS}) as i`.execute(database.db);
    } finally {
      await database.close();
    }
  }, 60_000);
  afterAll(async () => scratch?.drop());

  it("prints every one of 10,500 rows, each a whole JSON line, and exits 0", async () => {
    const { code, stdout } = await runCli(["responses", "list", formId], { DATABASE_URL: scratch.url });
    expect(code).toBe(0);
    const lines = linesOf(stdout);
    expect(lines).toHaveLength(ROWS);
    expect(stdout.length).toBeGreaterThan(10 * 65_536);
    const indexes = lines.map((line) => (JSON.parse(line) as { local_index: number }).local_index);
    expect(indexes[0]).toBe(1);
    expect(indexes.at(-1)).toBe(ROWS);
  }, 60_000);

  it("prints them as CSV too: a header and 10,500 whole lines", async () => {
    const { code, stdout } = await runCli(["responses", "list", formId, "--format", "csv", "--select", "local_index,comments"], { DATABASE_URL: scratch.url });
    expect(code).toBe(0);
    const lines = linesOf(stdout, "\r\n");
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[0]).toBe("local_index,comments");
    expect(lines.at(-1)).toBe(`${ROWS},"${"long answer, ".repeat(20)}"`);
  }, 60_000);

  it("filters and orders on PostgreSQL: the rows the query selects, in its order", async () => {
    const { code, stdout } = await runCli([
      "responses", "list", formId, "--where", "team_size=eq.42", "--where", "local_index=gt.10000", "--order", "local_index.desc", "--select", "local_index,full_name",
    ], { DATABASE_URL: scratch.url });
    expect(code).toBe(0);
    expect(linesOf(stdout).map((line) => JSON.parse(line) as unknown)).toEqual([10442, 10342, 10242, 10142, 10042].map((i) => ({ local_index: i, full_name: `Visitor ${i}` })));
  }, 60_000);
});
