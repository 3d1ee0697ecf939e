/** `npm start`: migrate, seed on first start, serve. */
import { randomBytes } from "node:crypto";
import { publicFormUrl } from "@fieldwork/core";
import { buildApp } from "./app";
import { writeServerFile } from "./cli/server-file";
import { loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { restrictDataDir, useOwnerOnlyFiles } from "./db/data-dir";
import { migrate } from "./db/migrate";
import { seedDemo } from "./seed/seed";
import { scheduleRetention } from "./limits/retention";
import { scheduleUnusedIndexDrop } from "./tables/unused-indexes";
import { shutDownOnSignals } from "./shutdown";
import { storageFromConfig } from "./storage/driver";
import { webhookConfigFromEnv } from "./webhooks/config";

useOwnerOnlyFiles(); // before loadConfig, which may write DATA_DIR/secret_key
const config = loadConfig();
restrictDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database.db);
const token = randomBytes(24).toString("hex");
const app = await buildApp({
  db: database.db,
  secret: config.secretKey,
  publicUrl: config.publicUrl,
  trustProxy: config.trustProxy,
  rateLimitFactor: config.rateLimitFactor,
  httpTimeouts: config.httpTimeouts,
  load: config.load,
  logger: { level: config.logLevel },
  metrics: { token: config.metricsToken },
  lazyIndexes: config.lazyIndexes,
  cli: { token, publicUrl: config.publicUrl },
  webhooks: { ...webhookConfigFromEnv(), deliver: true },
  storage: storageFromConfig(config),
  supportUrl: config.supportUrl,
  ai: config.ai,
  payments: { ...config.payments, sweep: true },
});
const seed = await seedDemo(database.db, app.auth);
await app.listen({ port: config.port, host: config.host });
const stopRetention = scheduleRetention(database.db, app.log, undefined, app.storage);
const stopUnusedIndexDrop = scheduleUnusedIndexDrop(database.db, app.log);
const removeServerFile = database.kind === "pglite"
  ? writeServerFile(config.dataDir, { pid: process.pid, port: config.port, token })
  : () => {};

const lines = [
  "",
  `Fieldwork is running on ${config.publicUrl} (${database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL"})`,
];
if (seed.owner) lines.push(`Demo owner login: ${seed.owner.email} / ${seed.owner.password}  (shown once; sign in at ${config.publicUrl}/sign-in)`);
else lines.push("Demo owner: owner@fieldwork.local (password was printed on first start)");
if (seed.form_id) lines.push(`Demo form: ${publicFormUrl(config.publicUrl, seed.form_id)}`);
console.log(`${lines.join("\n")}\n`);

shutDownOnSignals([
  { name: "server file, retention and unused-index timers", run: () => { removeServerFile(); stopRetention(); stopUnusedIndexDrop(); } },
  // Stops accepting, lets in-flight requests finish (submits commit before they answer), ends
  // change streams, stops the webhook relay and workers (the app's onClose hooks).
  { name: "HTTP server, webhook workers, row feed", run: () => app.close() },
  { name: "database", run: () => database.close() },
], { timeoutMs: config.shutdownTimeoutMs, log: app.log });
