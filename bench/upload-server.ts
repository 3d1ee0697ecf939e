/**
 * The server bench:upload measures, in its own process (so its RSS is its own): the real
 * app on a PGlite in DATA_DIR, storage from STORAGE_URL (unset: DATA_DIR/storage), signing
 * with SECRET_KEY. Prints `{"origin": "http://127.0.0.1:…"}` once listening.
 */
import { buildApp } from "../packages/server/src/app";
import { openDatabase } from "../packages/server/src/db/database";
import { migrate } from "../packages/server/src/db/migrate";
import { storageFromConfig } from "../packages/server/src/storage/driver";

const dataDir = process.env.DATA_DIR!;
const database = await openDatabase({ dataDir });
await migrate(database.db);
const app = await buildApp({
  db: database.db, secret: process.env.SECRET_KEY!, rateLimitFactor: 0, logger: false,
  storage: storageFromConfig({ dataDir, storageUrl: process.env.STORAGE_URL }),
});
const origin = await app.listen({ port: 0, host: "127.0.0.1" });
console.log(JSON.stringify({ origin }));
process.once("SIGTERM", () => void app.close().then(() => database.close()).finally(() => process.exit(0)));
