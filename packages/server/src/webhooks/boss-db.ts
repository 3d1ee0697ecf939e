/**
 * pg-boss's database over the app's Kysely instance (pg-boss's `db` option:
 * `{ executeSql(text, values) }`), so the queue runs on PostgreSQL and on PGlite through
 * the same connections (and, on PGlite, the same one-at-a-time driver) as everything else.
 * A script without parameters (pg-boss's schema install and migrations, its locked claims
 * `BEGIN; SELECT pg_advisory_xact_lock(…); …; COMMIT;`) is split and run statement by statement
 * in one transaction, answering the rows of every statement in order, as `pg` does for a
 * multi-statement query (pg-boss 12 checks the lock's row is among them).
 */
import { CompiledQuery, type Kysely, type Transaction } from "kysely";
import type { DB } from "../db/schema";
import { splitStatements } from "./sql-statements";

export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount?: number }>;
}

const TRANSACTION_CONTROL = /^(begin|commit)$/i;

export function bossDb(db: Kysely<DB> | Transaction<DB>): BossDb {
  return {
    async executeSql(text, values) {
      if (values === undefined || values.length === 0) {
        const statements = splitStatements(text);
        if (statements.length > 1) {
          const body = statements.filter((s) => !TRANSACTION_CONTROL.test(s));
          const run = async (trx: Kysely<DB>) => {
            const rows: unknown[] = [];
            for (const statement of body) rows.push(...(await trx.executeQuery(CompiledQuery.raw(statement))).rows);
            return { rows };
          };
          return db.isTransaction ? run(db) : db.transaction().execute(run);
        }
      }
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[], rowCount: Number(result.numAffectedRows ?? result.rows.length) };
    },
  };
}
