/**
 * `npm run cli -- <command>`. With FIELDWORK_API_KEY it calls a server's private API and
 * Data API (at FIELDWORK_URL, else PUBLIC_URL). Otherwise, with DATABASE_URL it talks to
 * PostgreSQL directly; with PGlite it runs the command through the server when one holds
 * DATA_DIR, else opens it. `responses list` streams its rows to stdout in every case.
 */
import type { Kysely } from "kysely";
import { createAuth } from "../auth/better-auth";
import { loadConfig } from "../config";
import { openDatabase } from "../db/database";
import { restrictDataDir, useOwnerOnlyFiles } from "../db/data-dir";
import { migrate } from "../db/migrate";
import type { DB } from "../db/schema";
import { failure, knownError, parseCommand, runCommand, UsageError, type CliCommand, type CliOutput } from "./commands";
import { listRemote, runRemote } from "./remote";
import { runResponsesList, type ResponsesListCommand } from "./responses-list";
import { runRestore } from "./restore-command";
import { readServerFile } from "./server-file";
import { streamWriter, trackStart, type Write } from "./text-stream";
import { listThroughServer, throughServer } from "./through-server";

/**
 * `responses list` on the database itself: rows go to stdout a batch at a time. An error
 * before the first row is the output; one after it goes to stderr (main's catch), so the
 * rows printed so far stay whole lines.
 */
async function listLocally(db: Kysely<DB>, command: ResponsesListCommand, write: Write): Promise<CliOutput> {
  const tracked = trackStart(write);
  try {
    await runResponsesList(db, command, tracked.write);
    return { stdout: "", exit_code: 0 };
  } catch (error) {
    const known = knownError(error);
    if (known && !tracked.started()) return failure(known);
    throw error;
  }
}

async function run(command: CliCommand): Promise<CliOutput> {
  const stdout = streamWriter(process.stdout);
  const apiKey = process.env.FIELDWORK_API_KEY;
  if (apiKey) {
    // Nothing local is read or made (no DATA_DIR, no secret key).
    const baseUrl = process.env.FIELDWORK_URL || process.env.PUBLIC_URL || `http://localhost:${process.env.PORT ?? 3000}`;
    return command.cmd === "responses.list" ? listRemote(baseUrl, apiKey, command, stdout) : runRemote(baseUrl, apiKey, command);
  }

  useOwnerOnlyFiles(); // before loadConfig, which may write DATA_DIR/secret_key
  const config = loadConfig();
  restrictDataDir(config.dataDir);
  const progress = (message: string) => process.stderr.write(`[fieldwork] ${message}\n`);
  if (command.cmd === "db.restore") return runRestore(config, command, progress);
  const server = config.databaseUrl ? undefined : readServerFile(config.dataDir);
  if (server && command.cmd === "db.backup") progress(`backing up through the running server (pid ${server.pid}); it writes ${command.file}`);
  if (server) return command.cmd === "responses.list" ? listThroughServer(server, command, stdout) : throughServer(server, command);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    // A backup takes the database as it is; the other commands need the latest schema.
    if (command.cmd !== "db.migrate" && command.cmd !== "db.backup") await migrate(database.db);
    if (command.cmd === "responses.list") return await listLocally(database.db, command, stdout);
    const auth = createAuth({ db: database.db, secret: config.secretKey, publicUrl: config.publicUrl });
    return await runCommand({ db: database.db, auth, publicUrl: config.publicUrl, databaseUrl: config.databaseUrl, progress, secretKey: config.secretKey }, command);
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  let command: CliCommand;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    // A query the Data API would refuse (QUERY_INVALID…): its error line, before anything is opened.
    const known = knownError(error);
    if (!known) throw error;
    process.stdout.write(failure(known).stdout);
    return 1;
  }
  const output = await run(command);
  process.stdout.write(output.stdout);
  return output.exit_code;
}

/**
 * Exits once everything written so far has reached the OS. `process.exit` right after a
 * large write to a pipe drops what is still queued (a pipe takes 64 KB at a time), so
 * `responses list | wc -l` would see a cut listing; a write's callback runs only after
 * every earlier write on that stream is flushed.
 */
function exitAfterFlush(code: number): void {
  process.exitCode = code;
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write("", done);
  process.stderr.write("", done);
}

main(process.argv.slice(2)).then(exitAfterFlush, (error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  exitAfterFlush(1);
});
