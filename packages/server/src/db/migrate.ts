import { sql, type Kysely } from "kysely";
import { Migrator, type Migration, type MigrationResultSet } from "kysely/migration";
import * as foundation from "./migrations/0001-foundation";
import * as accounts from "./migrations/0002-accounts";
import * as invitations from "./migrations/0003-invitations";
import * as publicLimits from "./migrations/0004-public-limits";
import * as editor from "./migrations/0005-editor";
import * as queryEngine from "./migrations/0006-query-engine";
import * as rowFeed from "./migrations/0007-row-feed";
import * as webhooks from "./migrations/0008-webhooks";
import * as inventory from "./migrations/0009-inventory";
import * as unloggedRateLimits from "./migrations/0010-unlogged-rate-limits";
import * as formMethodPost from "./migrations/0011-form-method-post";
import * as responseCount from "./migrations/0012-response-count";
import * as partialAnswerBytes from "./migrations/0013-partial-answer-bytes";
import * as trustAccountsWebhooks from "./migrations/0014-trust-accounts-webhooks";
import * as pgBoss12 from "./migrations/0015-pgboss-12";
import * as outboxRequestId from "./migrations/0016-outbox-request-id";
import * as lazyIndexes from "./migrations/0017-lazy-indexes";
import * as rowFeedWatch from "./migrations/0018-row-feed-watch";
import * as fileUploads from "./migrations/0019-file-uploads";
import * as storageDeletes from "./migrations/0020-storage-deletes";
import * as searchVectorAsync from "./migrations/0021-search-vector-async";
import * as buckets from "./migrations/0022-buckets";
import * as uploadGrantLanding from "./migrations/0023-upload-grant-landing";
import * as payments from "./migrations/0024-payments";
import * as storeProducts from "./migrations/0025-store-products";
import * as schemaDocuments from "./migrations/0026-schema-documents";
import * as externalConnections from "./migrations/0027-external-connections";
import * as paymentReceipts from "./migrations/0028-payment-receipts";

/** Named, ordered migrations; the same list runs on PGlite and PostgreSQL. */
export const MIGRATIONS: Record<string, Migration> = {
  "0001-foundation": foundation,
  "0002-accounts": accounts,
  "0003-invitations": invitations,
  "0004-public-limits": publicLimits,
  "0005-editor": editor,
  "0006-query-engine": queryEngine,
  "0007-row-feed": rowFeed,
  "0008-webhooks": webhooks,
  "0009-inventory": inventory,
  "0010-unlogged-rate-limits": unloggedRateLimits,
  "0011-form-method-post": formMethodPost,
  "0012-response-count": responseCount,
  "0013-partial-answer-bytes": partialAnswerBytes,
  "0014-trust-accounts-webhooks": trustAccountsWebhooks,
  "0015-pgboss-12": pgBoss12,
  "0016-outbox-request-id": outboxRequestId,
  "0017-lazy-indexes": lazyIndexes,
  "0018-row-feed-watch": rowFeedWatch,
  "0019-file-uploads": fileUploads,
  "0020-storage-deletes": storageDeletes,
  "0021-search-vector-async": searchVectorAsync,
  "0022-buckets": buckets,
  "0023-upload-grant-landing": uploadGrantLanding,
  "0024-payments": payments,
  "0025-store-products": storeProducts,
  "0026-schema-documents": schemaDocuments,
  "0027-external-connections": externalConnections,
  "0028-payment-receipts": paymentReceipts,
};

/** The names of the migrations this code knows, oldest first (a backup records the ones it had). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

export const MIGRATION_TABLE = "fieldwork_migration";

/** The migrations up to and including `last`: a database as an older release left it (tests). */
export function migrationsUpTo(last: string): Record<string, Migration> {
  return Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name <= last));
}

/**
 * Applies what is not applied yet of `migrations` (every migration unless a test names fewer).
 * When the database has applied exactly these, nothing runs but `appliedExactly`'s two small
 * queries: Kysely's Migrator first introspects every table of the database to find its own
 * two, which took 0.08 s with no form and 1.1–2.2 s with 2,000 form tables on PostgreSQL, at
 * every start and every CLI command.
 */
export async function migrate<T>(db: Kysely<T>, migrations: Record<string, Migration> = MIGRATIONS): Promise<MigrationResultSet> {
  if (await appliedExactly(db as unknown as Kysely<unknown>, Object.keys(migrations))) return { results: [] };
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: "fieldwork_migration_lock",
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/**
 * Whether the migration table lists exactly `names`. Anything else (no table yet, one missing,
 * one this code does not know) goes to the Migrator, which applies, waits for another
 * instance's lock or refuses as it always did.
 */
async function appliedExactly(db: Kysely<unknown>, names: readonly string[]): Promise<boolean> {
  const table = await sql<{ present: boolean }>`select to_regclass(${MIGRATION_TABLE}) is not null as present`.execute(db);
  if (!table.rows[0]?.present) return false;
  const applied = (await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db)).rows.map((row) => row.name).sort();
  const wanted = [...names].sort();
  return applied.length === wanted.length && applied.every((name, i) => name === wanted[i]);
}
