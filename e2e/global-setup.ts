/**
 * Vitest global setup of the e2e project: the build every server and CLI of the run starts
 * from (built here when a source is newer, before any file runs), and one migrated PGlite
 * DATA_DIR per run, which `startServer` copies into each server's fresh DATA_DIR instead of
 * letting every server run initdb on disk (database-templates.ts); removed when the run ends.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfNeeded } from "../packages/server/src/test/built-server";
import { writeDataDirTemplate } from "../packages/server/src/test/database-templates";

export default async function setup(project: TestProject): Promise<() => void> {
  buildIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), "fieldwork-e2e-template-"));
  await writeDataDirTemplate(dataDir);
  project.provide("e2eDataDirTemplate", { dataDir });
  return () => rmSync(dataDir, { recursive: true, force: true });
}
