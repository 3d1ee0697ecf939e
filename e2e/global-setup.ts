/**
 * Vitest global setup of the e2e project: the build every server and CLI of the run starts
 * from (built here when a source is newer, before any file runs), and one migrated PGlite
 * DATA_DIR per run, which `startServer` copies into each server's fresh DATA_DIR instead of
 * letting every server run initdb on disk (database-templates.ts); removed when the run ends.
 * The workers' shared servers (harness.ts `sharedServer`) write their pid and DATA_DIR into a
 * record directory; the teardown stops each and removes its DATA_DIR.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { TestProject } from "vitest/node";
import { buildIfNeeded } from "../packages/server/src/test/built-server";
import { writeDataDirTemplate } from "../packages/server/src/test/database-templates";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), "fieldwork-e2e-template-"));
  await writeDataDirTemplate(dataDir);
  project.provide("e2eDataDirTemplate", { dataDir });
  const records = mkdtempSync(join(tmpdir(), "fieldwork-e2e-servers-"));
  project.provide("e2eServerRecords", { dir: records });
  return async () => {
    await Promise.all(readdirSync(records).map((name) => stopRecorded(JSON.parse(readFileSync(join(records, name), "utf8")) as ServerRecord)));
    rmSync(records, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
}

interface ServerRecord { pid: number; dataDir: string }

/** Running, and not a zombie: a server whose worker died is nobody's child, and may stay unreaped. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true; // no /proc: signal 0 is all there is
  }
};

/** SIGTERM (the server's graceful shutdown), SIGKILL after 10 s, then its DATA_DIR goes. */
async function stopRecorded({ pid, dataDir }: ServerRecord): Promise<void> {
  if (alive(pid)) process.kill(pid, "SIGTERM");
  for (let waited = 0; alive(pid) && waited < 10_000; waited += 50) await sleep(50);
  if (alive(pid)) process.kill(pid, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
}
