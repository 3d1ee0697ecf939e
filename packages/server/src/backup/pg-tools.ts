/**
 * Finds PostgreSQL's client tools (pg_dump, pg_restore, psql) for a server of a given major
 * version: on PATH first, then in `pg_config --bindir`; the first one whose major version is
 * at least the server's wins (an older pg_dump refuses a newer server, or dumps it wrong).
 */
import { execFileSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { FieldworkError } from "@fieldwork/core";

export type PgToolName = "pg_dump" | "pg_restore" | "psql";
export interface PgTool { name: PgToolName; path: string; major: number; version: string }

/** The major version in `pg_dump --version`'s line, e.g. "pg_dump (PostgreSQL) 15.20 (Debian …)" → 15. */
export function majorOf(versionLine: string): number | undefined {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(versionLine);
  return match ? Number(match[1]) : undefined;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function pgConfigBindir(searchPath: string): string | undefined {
  try {
    return execFileSync("pg_config", ["--bindir"], { encoding: "utf8", env: { ...process.env, PATH: searchPath }, stdio: ["ignore", "pipe", "ignore"] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export interface FindOptions {
  /** Directories to search, as in PATH (default: PATH). */
  searchPath?: string;
}

export function findPgTool(name: PgToolName, serverMajor: number, { searchPath = process.env.PATH ?? "" }: FindOptions = {}): PgTool {
  const dirs = searchPath.split(delimiter).filter(Boolean);
  const bindir = pgConfigBindir(searchPath);
  if (bindir) dirs.push(bindir);
  const found: PgTool[] = [];
  for (const path of new Set(dirs.map((dir) => join(dir, name)))) {
    if (!executable(path)) continue;
    let line: string;
    try {
      line = execFileSync(path, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 10_000 }).trim();
    } catch {
      continue;
    }
    const major = majorOf(line);
    if (major === undefined) continue;
    const tool = { name, path, major, version: line };
    if (major >= serverMajor) return tool;
    found.push(tool);
  }
  if (found.length === 0) {
    throw new FieldworkError("PG_TOOL_MISSING", `${name} was not found on PATH nor in \`pg_config --bindir\`. Install the PostgreSQL ${serverMajor} client tools (or newer).`);
  }
  throw new FieldworkError(
    "PG_TOOL_TOO_OLD",
    `The server runs PostgreSQL ${serverMajor} but the ${name} found is older (${found.map((t) => `${t.path}: ${t.major}`).join(", ")}). Install the PostgreSQL ${serverMajor} client tools (or newer) and put them on PATH.`,
  );
}
