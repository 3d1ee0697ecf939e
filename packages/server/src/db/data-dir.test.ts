/**
 * DATA_DIR is the server's alone (issue 19 item 9): once PGlite has been opened there by an
 * entry point (the CLI here; `npm start` calls the same two functions), whether the directory
 * is fresh or an older version left it with 0777/0666 modes, no file or directory under it
 * is readable or writable by group or others. Both runs start with umask 000, as the issue's
 * server did, so only Fieldwork's own care can explain tight modes.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useBuiltCli } from "../cli/cli-process";
import { BUILT_CLI, ROOT } from "../test/built-server";

useBuiltCli();
const dataDir = join(mkdtempSync(join(tmpdir(), "fieldwork-modes-")), "data");
afterAll(() => rmSync(join(dataDir, ".."), { recursive: true, force: true }));

/** Paths under `dir` (itself included) whose mode lets group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return found;
}

function setModes(dir: string, dirMode: number, fileMode: number): void {
  chmodSync(dir, dirMode);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) setModes(path, dirMode, fileMode);
    else chmodSync(path, fileMode);
  }
}

function cliWithOpenUmask(...args: string[]) {
  return spawnSync("/bin/sh", ["-c", `umask 000 && exec "${process.execPath}" ${BUILT_CLI} ${args.join(" ")}`], {
    cwd: ROOT, encoding: "utf8", env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SECRET_KEY: "" },
  });
}

describe("DATA_DIR modes", () => {
  it("a fresh DATA_DIR, and one left with 0777 directories and 0666 files, end with nothing open to group or others", () => {
    const fresh = cliWithOpenUmask("db", "migrate");
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(readdirSync(dataDir, { recursive: true }).length).toBeGreaterThan(100);
    expect(openToOthers(dataDir)).toEqual([]);

    mkdirSync(join(dataDir, "extra", "deeper"), { recursive: true });
    writeFileSync(join(dataDir, "extra", "deeper", "note.txt"), "x");
    setModes(dataDir, 0o777, 0o666);
    expect(openToOthers(dataDir).length).toBeGreaterThan(100);
    const again = cliWithOpenUmask("db", "migrate");
    expect(again.status, again.stderr).toBe(0);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);
});
