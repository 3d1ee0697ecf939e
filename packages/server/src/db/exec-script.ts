import { sql } from "kysely";
import type { Executor } from "../tables/managed-table";

/**
 * Runs a script of plain DDL statements one by one (PGlite's extended protocol takes one
 * statement per query). Statements end with a semicolon at the end of a line.
 */
export async function execScript(db: Executor, script: string): Promise<void> {
  for (const statement of script.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) {
    await sql.raw(statement.replace(/;$/, "")).execute(db);
  }
}
