/**
 * Finding pg_dump, pg_restore and psql: the first on PATH (then `pg_config --bindir`) whose
 * major version is at least the server's; a clear code when none is found or all are older.
 * Fake tools in temporary directories print the version lines real ones do.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectionFor } from "./backup-postgres";
import { findPgTool, majorOf } from "./pg-tools";

const root = mkdtempSync(join(tmpdir(), "fieldwork-pg-tools-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fakeBin(name: string, tools: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [tool, line] of Object.entries(tools)) {
    writeFileSync(join(dir, tool), `#!/bin/sh\necho '${line}'\n`);
    chmodSync(join(dir, tool), 0o755);
  }
  return dir;
}

describe("majorOf", () => {
  it("reads the major version of the tools' --version line", () => {
    expect(majorOf("pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)")).toBe(15);
    expect(majorOf("pg_restore (PostgreSQL) 17.2")).toBe(17);
    expect(majorOf("psql (PostgreSQL) 9.6.24")).toBe(9);
    expect(majorOf("something else 12")).toBeUndefined();
  });
});

describe("findPgTool", () => {
  const old = fakeBin("old", { pg_dump: "pg_dump (PostgreSQL) 13.9" });
  const current = fakeBin("current", { pg_dump: "pg_dump (PostgreSQL) 16.4", psql: "psql (PostgreSQL) 16.4" });

  it("takes the first tool on PATH whose major version is at least the server's", () => {
    expect(findPgTool("pg_dump", 16, { searchPath: [old, current].join(delimiter) })).toMatchObject({ path: join(current, "pg_dump"), major: 16 });
    expect(findPgTool("pg_dump", 13, { searchPath: [old, current].join(delimiter) })).toMatchObject({ path: join(old, "pg_dump"), major: 13 });
  });

  it("refuses tools older than the server with PG_TOOL_TOO_OLD, naming what it found", () => {
    expect(() => findPgTool("pg_dump", 17, { searchPath: [old, current].join(delimiter) })).toThrow(
      expect.objectContaining({ code: "PG_TOOL_TOO_OLD", message: expect.stringMatching(/PostgreSQL 17.*old\/pg_dump: 13.*current\/pg_dump: 16/) }),
    );
  });

  it("answers PG_TOOL_MISSING when no directory has the tool", () => {
    expect(() => findPgTool("pg_restore", 15, { searchPath: [old, current].join(delimiter) })).toThrow(expect.objectContaining({ code: "PG_TOOL_MISSING" }));
  });

  it("looks in pg_config --bindir after PATH", () => {
    const bindir = fakeBin("bindir", { pg_restore: "pg_restore (PostgreSQL) 18.1" });
    const config = fakeBin("config", { pg_config: bindir });
    expect(findPgTool("pg_restore", 15, { searchPath: config })).toMatchObject({ path: join(bindir, "pg_restore"), major: 18 });
  });
});

describe("connectionFor", () => {
  it("keeps the password off the tools' command line (PGPASSWORD instead)", () => {
    const { dbname, env } = connectionFor("postgres://fw:s%40cret@db.example:5433/fieldwork?sslmode=require");
    expect(dbname).toBe("postgres://fw@db.example:5433/fieldwork?sslmode=require");
    expect(env.PGPASSWORD).toBe("s@cret");
    expect(connectionFor("postgres://postgres@127.0.0.1:5432/test")).toMatchObject({ dbname: "postgres://postgres@127.0.0.1:5432/test" });
  });
});
