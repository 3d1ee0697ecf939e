/**
 * `responses list` while a server holds PGlite: the CLI posts the command to
 * `/internal/cli` and copies the streamed body to stdout; errors before the first row come
 * back as the JSON error envelope and print as the CLI's error line.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { buildApp } from "../app";
import { readBackupFile } from "../backup/backup-file";
import type { Database } from "../db/database";
import { importForm } from "../forms/definition-import";
import { defaultProject, demoFormDefinition } from "../seed/seed";
import { managedTable } from "../tables/managed-table";
import { ORIGIN } from "../test/accounts";
import { BACKENDS } from "../test/backends";
import { linesOf, runCli, useBuiltCli } from "./cli-process";
import { writeServerFile } from "./server-file";

useBuiltCli();

const pglite = BACKENDS.find((backend) => backend.name === "pglite")!;
const ROWS = 3000;
/** What each inserted row holds, computed here to compare with. */
const row = (i: number) => ({ local_index: i, full_name: `Visitor ${i}`, team_size: i % 50, comments: i % 7 === 0 ? `says "hi", ${i}` : null });

describe("npm run cli through a running server that holds PGlite", () => {
  let database: Database;
  let app: FastifyInstance;
  let formId: string;
  let removeServerFile: () => void;
  const token = randomBytes(24).toString("hex");
  const dataDir = mkdtempSync(join(tmpdir(), "fieldwork-cli-server-"));
  const cli = (...args: string[]) => runCli(args, { DATA_DIR: dataDir });

  beforeAll(async () => {
    database = await pglite.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, cli: { token, publicUrl: ORIGIN } });
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    // This test process plays the server: its pid is alive, its port answers.
    removeServerFile = writeServerFile(dataDir, { pid: process.pid, port: Number(new URL(url).port), token });
    formId = (await importForm(database.db, await defaultProject(database.db), demoFormDefinition())).id;
    const { table_name } = await database.db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirstOrThrow();
    await sql`insert into ${managedTable(table_name)} (local_index, full_name, team_size, comments)
      select i, 'Visitor ' || i, i % 50, case when i % 7 = 0 then 'says "hi", ' || i end from generate_series(1, ${ROWS}) as i`.execute(database.db);
  });
  afterAll(async () => {
    removeServerFile?.();
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("streams all 3,000 rows through a pipe, whole and in local_index order", async () => {
    const { code, stdout, stderr } = await cli("responses", "list", formId);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    const rows = linesOf(stdout).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows).toHaveLength(ROWS);
    expect(rows.map((r) => r.local_index)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    expect(rows[6]).toMatchObject(row(7));
    expect(rows[0]).not.toHaveProperty("__fw_search");
  }, 60_000);

  it("filters and orders as CSV, the same rows the query selects", async () => {
    const { code, stdout } = await cli("responses", "list", formId, "--format", "csv", "--where", "team_size=gte.45",
      "--where", "or=(comments.is.null,comments.like.*hi*)", "--order", "team_size.desc,local_index.asc", "--select", "local_index,team_size,comments");
    expect(code).toBe(0);
    const expected = Array.from({ length: ROWS }, (_, i) => row(i + 1)).filter((r) => r.team_size >= 45)
      .sort((a, b) => b.team_size - a.team_size || a.local_index - b.local_index)
      .map((r) => `${r.local_index},${r.team_size},${r.comments === null ? "" : `"${r.comments.replaceAll('"', '""')}"`}`);
    expect(linesOf(stdout, "\r\n")).toEqual(["local_index,team_size,comments", ...expected]);
  }, 60_000);

  it("prints an error before the first row as the CLI's JSON error line, exit 1, no stack trace", async () => {
    const unknownColumn = await cli("responses", "list", formId, "--where", "nöpe; drop table form=eq.1");
    expect(unknownColumn).toMatchObject({ code: 1, stderr: "" });
    expect(JSON.parse(unknownColumn.stdout).error.code).toBe("COLUMN_NOT_FOUND");
    const unknownForm = await cli("responses", "list", "3f2a9c1d-0000-4000-8000-00000000dead", "--format", "csv");
    expect(unknownForm).toMatchObject({ code: 1, stderr: "" });
    expect(JSON.parse(unknownForm.stdout).error.code).toBe("FORM_NOT_FOUND");
  }, 60_000);

  it("still runs the other commands as one answer: forms export names the table", async () => {
    const exported = await cli("forms", "export", formId);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout).table_name).toMatch(/^fieldwork_launch_survey_/);
  }, 60_000);

  it("backs up through the server (which holds PGlite) and refuses to restore under it", async () => {
    const file = join(dataDir, "through-server.backup");
    const backup = await cli("db", "backup", file);
    expect(backup.code, backup.stderr).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ file, backend: "pglite", schema_version: expect.stringMatching(/^\d{4}-/) });
    expect(backup.stderr).toMatch(/through the running server/);
    expect((await readBackupFile(file, () => {})).manifest.backend).toBe("pglite");
    const again = await cli("db", "backup", file);
    expect(JSON.parse(again.stdout).error.code).toBe("BACKUP_FILE_EXISTS");
    const restore = await cli("db", "restore", file, "--force");
    expect(restore.code).toBe(1);
    expect(JSON.parse(restore.stdout).error.code).toBe("RESTORE_SERVER_RUNNING");
  }, 60_000);

  it("answers the endpoint with a streamed body, or the error envelope and its status", async () => {
    const post = (command: unknown) => app.inject({
      method: "POST", url: "/internal/cli", headers: { "x-fieldwork-cli-token": token }, payload: command as object,
    });
    const ok = await post({ cmd: "responses.list", form_id: formId, format: "csv", query: "select=local_index&local_index=lte.2" });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(ok.body).toBe("local_index\r\n1\r\n2\r\n");
    const bad = await post({ cmd: "responses.list", form_id: formId, format: "jsonl", query: "team_size=gt.1;drop table form" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ data: null, error: { code: "INVALID_FILTER_VALUE" } });
    const malformed = await post({ cmd: "responses.list", form_id: formId, format: "xml", query: "" });
    expect(malformed.json()).toMatchObject({ error: { code: "MALFORMED_REQUEST" } });
    const stranger = await app.inject({ method: "POST", url: "/internal/cli", headers: { "x-fieldwork-cli-token": "nope" }, payload: { cmd: "responses.list" } });
    expect(stranger.statusCode).toBe(404);
  });
});
