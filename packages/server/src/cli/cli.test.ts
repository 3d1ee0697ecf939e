import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FormDefinition } from "@fieldwork/core";
import { sql } from "kysely";
import { openDatabase } from "../db/database";
import { DEMO_FORM_FILE, demoFormDefinition } from "../seed/seed";
import { managedTable } from "../tables/managed-table";
import { BUILT_CLI, ROOT } from "../test/built-server";
import { useBuiltCli } from "./cli-process";
import { parseCommand, UsageError } from "./commands";

useBuiltCli();
const dataDir = mkdtempSync(join(tmpdir(), "fieldwork-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, [BUILT_CLI, ...args], {
    cwd: ROOT, encoding: "utf8", env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", PUBLIC_URL: "http://forms.test" },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("parseCommand", () => {
  it("reads the definition file in the CLI process and names what is missing", () => {
    expect(parseCommand(["forms", "import", "x.json"], () => '{"title":"T"}')).toEqual({ cmd: "forms.import", definition: { title: "T" }, project_id: undefined });
    expect(() => parseCommand(["forms", "export"])).toThrow(UsageError);
    expect(() => parseCommand(["forms", "import", "x.json"], () => "{not json")).toThrow(/Cannot read x.json/);
    expect(() => parseCommand(["dance"])).toThrow(/Usage/);
    expect(() => parseCommand(["responses", "list"])).toThrow(/Missing the form id/);
    expect(() => parseCommand(["responses", "list", "--format", "csv"])).toThrow(/Missing the form id/);
  });

  it("reads db backup and db restore with an absolute file and --force", () => {
    expect(parseCommand(["db", "backup", "nightly.backup"])).toEqual({ cmd: "db.backup", file: resolve("nightly.backup"), force: false });
    expect(parseCommand(["db", "restore", "/srv/b.backup", "--force"])).toEqual({ cmd: "db.restore", file: "/srv/b.backup", force: true });
    expect(() => parseCommand(["db", "backup"])).toThrow(/Missing the backup file/);
    expect(() => parseCommand(["db", "restore", "--force"])).toThrow(/Missing the backup file/);
  });
});

describe("npm run cli on PGlite without a running server", () => {
  it("migrates, imports, exports the same form and lists responses as JSON lines", async () => {
    // Every migration in order; later ones (added in parallel work) may follow.
    const first = cli("db", "migrate");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^applied 0001-foundation, 0002-accounts, 0003-invitations, 0004-public-limits, 0005-editor, 0006-query-engine, 0007-row-feed, 0008-webhooks, 0009-inventory(, \d{4}-[a-z0-9-]+)*\n$/,
    );
    expect(cli("db", "migrate")).toMatchObject({ code: 0, stdout: "up to date\n" });
    const imported = cli("forms", "import", DEMO_FORM_FILE.pathname);
    expect(imported.code).toBe(0);
    const { id, url } = JSON.parse(imported.stdout) as { id: string; url: string };
    expect(url).toBe(`http://forms.test/d/e/${id}`);

    const exported = cli("forms", "export", id);
    const { table_name, ...definition } = JSON.parse(exported.stdout) as FormDefinition;
    expect(definition).toEqual(FormDefinition.parse(demoFormDefinition()));
    expect(table_name).toMatch(/^fieldwork_launch_survey_[0-9a-f]{8}$/);
    expect(cli("responses", "list", id)).toMatchObject({ code: 0, stdout: "" });

    // Rows written while no CLI holds PGlite, then listed by the CLI in its own process.
    const database = await openDatabase({ dataDir });
    try {
      await sql`insert into ${managedTable(table_name!)} (local_index, full_name, team_size, comments)
        values (1, 'Ada', 12, 'a, "b"'), (2, 'Bob', 3, null), (3, 'Zoë', 40, 'ünïcode')`.execute(database.db);
    } finally {
      await database.close();
    }
    expect(cli("responses", "list", id, "--where", "team_size=gt.5", "--order", "team_size.desc", "--select", "full_name,team_size"))
      .toMatchObject({ code: 0, stdout: '{"full_name":"Zoë","team_size":40}\n{"full_name":"Ada","team_size":12}\n' });
    expect(cli("responses", "list", id, "--format", "csv", "--where", "team_size=gt.5", "--order", "team_size.desc", "--select", "full_name,comments"))
      .toMatchObject({ code: 0, stdout: 'full_name,comments\r\nZoë,ünïcode\r\nAda,"a, ""b"""\r\n' });
    const hostile = cli("responses", "list", id, "--where", "team_size=gt.1'; drop table form; --");
    expect(hostile).toMatchObject({ code: 1, stderr: "" });
    expect(JSON.parse(hostile.stdout).error.code).toBe("INVALID_FILTER_VALUE");
  }, 120_000);

  it("creates a user who can then sign in, and refuses a second account with the same email", () => {
    const created = cli("users", "create", "--email", "Lin@Example.com", "--password", "correct horse battery", "--name", "Lin");
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ email: "lin@example.com" });
    const again = cli("users", "create", "--email", "lin@example.com", "--password", "another password");
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout).error.code).toMatch(/USER_ALREADY_EXISTS/);
  }, 60_000);

  it("reports a bad definition with its code and exit status 1", () => {
    const file = join(dataDir, "bad.json");
    writeFileSync(file, JSON.stringify({ title: "Bad", fields: [{ name: "Bad Name", type: "text" }] }));
    const result = cli("forms", "import", file);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).error.code).toBe("FIELD_NAME_INVALID");
    expect(cli("forms", "export").code).toBe(2);
  }, 60_000);
});
