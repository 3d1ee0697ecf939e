import { mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { importForm } from "../forms/definition-import";
import { managedTable } from "../tables/managed-table";
import { as, ORIGIN, signUp } from "../test/accounts";
import { BACKENDS } from "../test/backends";
import { linesOf, runCli, useBuiltCli } from "./cli-process";

useBuiltCli();

const pglite = BACKENDS.find((backend) => backend.name === "pglite")!;

/** The CLI in its own process, with an API key and no database of its own. */
const cli = (env: Record<string, string>, ...args: string[]) => runCli(args, env);

describe("npm run cli with FIELDWORK_API_KEY against a running server", () => {
  let database: Database;
  let app: FastifyInstance;
  let url: string;
  let project: string;
  let editorKey: string;
  let viewerKey: string;
  const dataDir = mkdtempSync(join(tmpdir(), "fieldwork-remote-cli-"));

  beforeAll(async () => {
    database = await pglite.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN });
    url = await app.listen({ port: 0, host: "127.0.0.1" });
    const owner = await signUp(app, "remote@example.com", "correct horse battery", "10.15.0.1");
    const org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "remote" })).json().data.id;
    project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "ops" })).json().data.id;
    const key = async (role: string) => (await as(app, owner)("POST", `/private/editor/projects/${project}/api-keys`, { name: role, role })).json().data.token as string;
    [editorKey, viewerKey] = [await key("editor"), await key("viewer")];
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("imports with an editor's key, exports and lists with a viewer's, and touches no local data", async () => {
    const file = join(dataDir, "form.json");
    writeFileSync(file, JSON.stringify({ title: "Remote", fields: [{ name: "city", type: "text" }], blocks: [{ type: "field", field: "city" }] }));
    const local = join(dataDir, "unused");
    const asEditor = { FIELDWORK_API_KEY: editorKey, FIELDWORK_URL: url, DATA_DIR: local };
    const asViewer = { ...asEditor, FIELDWORK_API_KEY: viewerKey };

    const imported = await cli(asEditor, "forms", "import", file, "--project", project);
    expect(imported.code).toBe(0);
    const { id } = JSON.parse(imported.stdout) as { id: string };
    const exported = await cli(asViewer, "forms", "export", id);
    expect(JSON.parse(exported.stdout)).toMatchObject({ title: "Remote", fields: [{ name: "city", type: "text" }] });
    expect(await cli(asViewer, "responses", "list", id)).toEqual({ code: 0, stdout: "", stderr: "" });

    const refused = await cli(asViewer, "forms", "import", file, "--project", project);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).error.code).toBe("FORBIDDEN");
    const local_only = await cli(asEditor, "users", "create", "--email", "x@example.com", "--password", "correct horse battery");
    expect(JSON.parse(local_only.stdout).error.message).toMatch(/needs the database/);
    expect(existsSync(local)).toBe(false);
  }, 60_000);

  it("lists responses through the Data API with a viewer's key: filters, order, CSV, errors", async () => {
    const { id } = await importForm(database.db, project, { title: "Visits", fields: [{ name: "city", type: "text" }, { name: "visits", type: "number" }] });
    const asViewer = { FIELDWORK_API_KEY: viewerKey, FIELDWORK_URL: url, DATA_DIR: join(dataDir, "unused") };
    const table = JSON.parse((await cli(asViewer, "forms", "export", id)).stdout).table_name as string;
    await sql`insert into ${managedTable(table)} (local_index, city, visits)
      select i, (array['Paris', 'Lyon', 'Saint-Denis, FR', 'Zürich'])[1 + i % 4], i from generate_series(1, 2000) as i`.execute(database.db);

    const jsonl = await cli(asViewer, "responses", "list", id, "--where", "city=eq.Zürich", "--where", "visits=lt.20", "--order", "visits.desc", "--select", "visits");
    expect(jsonl).toEqual({ code: 0, stdout: '{"visits":19}\n{"visits":15}\n{"visits":11}\n{"visits":7}\n{"visits":3}\n', stderr: "" });
    const csv = await cli(asViewer, "responses", "list", id, "--format", "csv", "--where", "or=(city.eq.\"Saint-Denis, FR\",visits.eq.1)",
      "--order", "visits", "--limit", "3", "--select", "city,visits");
    expect(csv).toMatchObject({ code: 0, stdout: 'city,visits\r\nLyon,1\r\n"Saint-Denis, FR",2\r\n"Saint-Denis, FR",6\r\n' });
    const all = await cli(asViewer, "responses", "list", id, "--format", "csv");
    expect(linesOf(all.stdout, "\r\n")).toHaveLength(2001);

    const unknown = await cli(asViewer, "responses", "list", id, "--where", "city'; drop table form; --=eq.1");
    expect(unknown).toMatchObject({ code: 1, stderr: "" });
    expect(JSON.parse(unknown.stdout).error.code).toBe("COLUMN_NOT_FOUND");
    const badValue = await cli(asViewer, "responses", "list", id, "--where", "visits=gt.2;select 1");
    expect(JSON.parse(badValue.stdout).error.code).toBe("INVALID_FILTER_VALUE");
    const otherKey = await cli({ ...asViewer, FIELDWORK_API_KEY: "fwk_not_a_key" }, "responses", "list", id);
    expect(otherKey.code).toBe(1);
    expect(JSON.parse(otherKey.stdout).error.code).toBe("UNAUTHORIZED");
  }, 90_000);
});
