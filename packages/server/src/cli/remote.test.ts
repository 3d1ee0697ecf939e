import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { as, ORIGIN, signUp } from "../test/accounts";
import { BACKENDS } from "../test/backends";

const ROOT = new URL("../../../../", import.meta.url).pathname;
const pglite = BACKENDS.find((backend) => backend.name === "pglite")!;

/** The CLI in its own process, with an API key and no database of its own. */
function cli(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "packages/server/src/cli/main.ts", ...args], {
      cwd: ROOT, env: { ...process.env, DATABASE_URL: "", ...env },
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout }));
  });
}

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
    expect(await cli(asViewer, "responses", "list", id)).toEqual({ code: 0, stdout: "" });

    const refused = await cli(asViewer, "forms", "import", file, "--project", project);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).error.code).toBe("FORBIDDEN");
    const local_only = await cli(asEditor, "users", "create", "--email", "x@example.com", "--password", "correct horse battery");
    expect(JSON.parse(local_only.stdout).error.message).toMatch(/needs the database/);
    expect(existsSync(local)).toBe(false);
  }, 60_000);
});
