/**
 * `npm run cli -- <command>`. With FIELDWORK_API_KEY it calls a server's private API (at
 * FIELDWORK_URL, else PUBLIC_URL). Otherwise, with DATABASE_URL it talks to PostgreSQL
 * directly; with PGlite it runs the command through the server when one holds DATA_DIR,
 * else opens it.
 */
import { createAuth } from "../auth/better-auth";
import { loadConfig } from "../config";
import { openDatabase } from "../db/database";
import { migrate } from "../db/migrate";
import { parseCommand, runCommand, UsageError, type CliCommand, type CliOutput } from "./commands";
import { runRemote } from "./remote";
import { readServerFile } from "./server-file";

async function throughServer(port: number, token: string, command: CliCommand): Promise<CliOutput> {
  const response = await fetch(`http://127.0.0.1:${port}/internal/cli`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-fieldwork-cli-token": token },
    body: JSON.stringify(command),
  });
  if (!response.ok) throw new Error(`The running server refused the command (HTTP ${response.status}).`);
  return (await response.json()) as CliOutput;
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
    throw error;
  }

  const apiKey = process.env.FIELDWORK_API_KEY;
  if (apiKey) {
    // Nothing local is read or made (no DATA_DIR, no secret key).
    const baseUrl = process.env.FIELDWORK_URL || process.env.PUBLIC_URL || `http://localhost:${process.env.PORT ?? 3000}`;
    const output = await runRemote(baseUrl, apiKey, command);
    process.stdout.write(output.stdout);
    return output.exit_code;
  }

  const config = loadConfig();
  const server = config.databaseUrl ? undefined : readServerFile(config.dataDir);
  let output: CliOutput;
  if (server) {
    output = await throughServer(server.port, server.token, command);
  } else {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    try {
      if (command.cmd !== "db.migrate") await migrate(database.db);
      const auth = createAuth({ db: database.db, secret: config.secretKey, publicUrl: config.publicUrl });
      output = await runCommand({ db: database.db, auth, publicUrl: config.publicUrl }, command);
    } finally {
      await database.close();
    }
  }
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
