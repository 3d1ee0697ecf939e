/**
 * The server bench:upload measures, in its own process (so its RSS is its own): the real
 * app on a PGlite in DATA_DIR, storage from STORAGE_URL (unset: DATA_DIR/storage), signing
 * with SECRET_KEY, and one published form with a file field (`full_name`, `file`) for the
 * multipart submits. Prints `{"origin": "http://127.0.0.1:…", "formId": "…"}` once listening.
 * `POST /bench/settle` runs the pending storage moves (staged files into their answers'
 * folders) and answers when none is left, so that the raw writes that follow a measure do not
 * share the machine with them.
 */
import { buildApp } from "../packages/server/src/app";
import { openDatabase } from "../packages/server/src/db/database";
import { migrate } from "../packages/server/src/db/migrate";
import { importForm } from "../packages/server/src/forms/definition-import";
import { defaultProject } from "../packages/server/src/seed/seed";
import { storageFromConfig } from "../packages/server/src/storage/driver";

const dataDir = process.env.DATA_DIR!;
const database = await openDatabase({ dataDir });
await migrate(database.db);
const app = await buildApp({
  db: database.db, secret: process.env.SECRET_KEY!, rateLimitFactor: 0, logger: false,
  storage: storageFromConfig({ dataDir, storageUrl: process.env.STORAGE_URL }),
});
const { id: formId } = await importForm(database.db, await defaultProject(database.db), {
  title: "Bench uploads", settings: { published: true },
  fields: [{ name: "full_name", type: "text", required: true }, { name: "file", type: "file" }],
  blocks: [{ type: "field", field: "full_name" }, { type: "field", field: "file" }],
});
app.post("/bench/settle", async () => {
  const pending = async () => (await database.db.selectFrom("storage_move").select("id").limit(1).execute()).length > 0;
  for (let pass = 0; pass < 20 && await pending(); pass++) await app.storageMoves.kick();
  return { ok: !(await pending()) };
});
const origin = await app.listen({ port: 0, host: "127.0.0.1" });
console.log(JSON.stringify({ origin, formId }));
process.once("SIGTERM", () => void app.close().then(() => database.close()).finally(() => process.exit(0)));
