/**
 * Where a test file's built server keeps its data (test/built-server.ts): a DATA_DIR of its
 * own and, on PostgreSQL, a scratch database; the server is built first if a source is newer.
 * Both are removed when the file ends.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { createScratchDatabase, type Backend } from "./backends";
import { buildIfNeeded } from "./built-server";

export interface BuiltServerStore {
  dataDir: string;
  /** The scratch database's URL on PostgreSQL; undefined on PGlite. */
  databaseUrl(): string | undefined;
  /** DATA_DIR and DATABASE_URL for the server's process ("" keeps it on PGlite). */
  env(): { DATA_DIR: string; DATABASE_URL: string };
}

export function useBuiltServerStore(backend: Backend, prefix: string): BuiltServerStore {
  const dataDir = mkdtempSync(join(tmpdir(), `fieldwork-${prefix}-`));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  beforeAll(async () => {
    buildIfNeeded();
    if (backend.name === "postgres" && backend.available) scratch = await createScratchDatabase();
  });
  afterAll(async () => {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    databaseUrl: () => scratch?.url,
    env: () => ({ DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? "" }),
  };
}
