/**
 * The CLI writes everything it prints, whatever stdout is: through a pipe, a listing of
 * 10,000+ rows arrives whole (a process that exits before stdout drains cuts it at 64 KB).
 */
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openDatabase } from "../db/database";
import { migrate } from "../db/migrate";
import { importForm } from "../forms/definition-import";
import { defaultProject, demoFormDefinition } from "../seed/seed";
import { managedTable } from "../tables/managed-table";
import { BACKENDS, createScratchDatabase } from "../test/backends";

const ROOT = new URL("../../../../", import.meta.url).pathname;
const ROWS = 10_500;
const postgres = BACKENDS.find((b) => b.name === "postgres")!;

/** Runs the CLI with stdout on a pipe and reads it all, as `… | wc -l` would. */
function cliThroughPipe(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "packages/server/src/cli/main.ts", ...args], {
      cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"],
    });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout: Buffer.concat(chunks).toString("utf8") }));
  });
}

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
      await sql`insert into ${managedTable(form.table_name)} (local_index, full_name, comments)
        select i, 'Visitor ' || i, repeat('long answer ', 20) from generate_series(1, ${ROWS}) as i`.execute(database.db);
    } finally {
      await database.close();
    }
  }, 60_000);
  afterAll(async () => scratch?.drop());

  it("prints every one of 10,500 rows, each a whole JSON line, and exits 0", async () => {
    const { code, stdout } = await cliThroughPipe(["responses", "list", formId], { DATABASE_URL: scratch.url });
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(ROWS);
    expect(stdout.length).toBeGreaterThan(10 * 65_536);
    const indexes = lines.map((line) => (JSON.parse(line) as { local_index: number }).local_index);
    expect(indexes[0]).toBe(1);
    expect(indexes.at(-1)).toBe(ROWS);
  }, 60_000);
});
