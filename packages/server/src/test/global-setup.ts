/**
 * Vitest global setup of the integration project: makes the migrated templates of
 * database-templates.ts once per run and hands them to the workers (`inject("databaseTemplates")`
 * in backends.ts); removes them when the run ends.
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createPostgresTemplate, postgresReachable, writePGliteTemplate } from "./database-templates";

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pgliteDump = join(tmpdir(), `fieldwork-pglite-template-${process.pid}.tar`);
  // Without PostgreSQL no template is made there; backends.ts reports the server missing.
  const [postgres] = await Promise.all([
    (await postgresReachable(TEST_DATABASE_URL)) ? createPostgresTemplate(TEST_DATABASE_URL) : undefined,
    writePGliteTemplate(pgliteDump),
  ]);
  project.provide("databaseTemplates", { pgliteDump, postgresTemplate: postgres?.name ?? "" });
  return async () => {
    rmSync(pgliteDump, { force: true });
    await postgres?.drop();
  };
}
