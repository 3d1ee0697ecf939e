/**
 * CLI commands as data: `parseCommand` reads argv (and the files it names) in the CLI
 * process; `runCommand` executes in whichever process holds the database, the CLI itself
 * or the running server (PGlite allows one process at a time), and answers the whole
 * output. `responses list` streams instead (responses-list.ts).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { FieldworkError, publicFormUrl } from "@fieldwork/core";
import { APIError } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Auth } from "../auth/better-auth";
import type { DB } from "../db/schema";
import { migrate } from "../db/migrate";
import type { Progress } from "../backup/backup-file";
import { exportForm } from "../forms/definition-export";
import { importForm } from "../forms/definition-import";
import { defaultProject } from "../seed/seed";
import { parseResponsesList, type ResponsesListCommand } from "./responses-list";

export type CliCommand =
  | { cmd: "db.migrate" }
  | { cmd: "db.backup"; file: string; force: boolean }
  | { cmd: "db.restore"; file: string; force: boolean }
  | { cmd: "forms.import"; definition: unknown; project_id?: string | undefined }
  | { cmd: "forms.export"; id: string }
  | ResponsesListCommand
  | { cmd: "users.create"; email: string; password: string; display_name: string }
  | { cmd: "users.set-password"; email: string; password: string }
  | { cmd: "connections.rekey" };

/** The commands whose whole output is one answer; `responses.list` streams instead. */
export type BufferedCommand = Exclude<CliCommand, ResponsesListCommand>;

export interface CliOutput { stdout: string; exit_code: number }

export const USAGE = `Usage: npm run cli -- <command>
  db migrate                       apply migrations
  db backup <file> [--force]       the whole database into one file (--force replaces an existing file)
  db restore <file> [--force]      a backup into an empty database (--force replaces what it holds),
                                   then migrates it; stop the server first
  forms import <file.json> [--project <id>]   prints {"id","url"}
  forms export <form_id>           prints the form definition file (its table_name too)
  responses list <form_id> [--format jsonl|csv] [--select a,b] [--order col.desc[,col2]]
                 [--where col=op.value]... [--limit N]
                                   streams the rows the query selects, in local_index order
                                   unless --order says otherwise; --where takes PostgREST
                                   filters and may repeat: age=gt.30, 'or=(a.eq.1,b.is.null)'
  users create --email <e> --password <p> [--name <n>]
  users set-password --email <e> --password <p>   (a forgotten password; signs the user out everywhere)
  connections rekey                re-seals external database connections with the current key (CONNECTION_KEY,
                                   else SECRET_KEY), opening them with CONNECTION_KEY_PREVIOUS or
                                   SECRET_KEY_PREVIOUS; stop the server first (docs/databases.md)`;

export class UsageError extends Error {}

function flag(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

export function parseCommand(argv: string[], readFile: (path: string) => string = (p) => readFileSync(p, "utf8")): CliCommand {
  const [group, action, arg] = argv;
  const need = (value: string | undefined, what: string) => {
    if (!value || value.startsWith("--")) throw new UsageError(`Missing ${what}.\n${USAGE}`);
    return value;
  };
  switch (`${group} ${action}`) {
    case "db migrate": return { cmd: "db.migrate" };
    case "db backup":
    case "db restore":
      // Absolute, since a running server (PGlite) may write the file from another directory.
      return { cmd: `db.${action}` as "db.backup" | "db.restore", file: resolve(need(arg, "the backup file")), force: argv.includes("--force") };
    case "forms import": {
      const path = need(arg, "the form definition file");
      let definition: unknown;
      try {
        definition = JSON.parse(readFile(path));
      } catch (error) {
        throw new UsageError(`Cannot read ${path}: ${(error as Error).message}`);
      }
      return { cmd: "forms.import", definition, project_id: flag(argv, "project") };
    }
    case "forms export": return { cmd: "forms.export", id: need(arg, "the form id") };
    case "responses list":
      return parseResponsesList(need(arg, "the form id"), argv.slice(3), (message) => new UsageError(`${message}\n${USAGE}`));
    case "users create":
      return {
        cmd: "users.create",
        email: need(flag(argv, "email"), "--email"),
        password: need(flag(argv, "password"), "--password"),
        display_name: flag(argv, "name") ?? need(flag(argv, "email"), "--email").split("@")[0]!,
      };
    case "users set-password":
      return { cmd: "users.set-password", email: need(flag(argv, "email"), "--email"), password: need(flag(argv, "password"), "--password") };
    case "connections rekey": return { cmd: "connections.rekey" };
    default: throw new UsageError(USAGE);
  }
}

/** JSON on one line, bigints as numbers (row counts, ids from PostgreSQL). */
export const json = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v));

/** What a command prints when it fails: the error as one JSON line, exit status 1. */
export const failure = (error: { code: string; message: string }): CliOutput => ({ stdout: `${json({ error })}\n`, exit_code: 1 });

/** An error a command reports as its output (a catalogue error, or better-auth's), or undefined for a bug. */
export function knownError(error: unknown): { code: string; message: string } | undefined {
  if (error instanceof FieldworkError) return error.toJSON();
  if (error instanceof APIError) return { code: String(error.body?.code ?? error.status), message: error.message };
  return undefined;
}

export interface CliContext {
  db: Kysely<DB>;
  auth: Auth;
  publicUrl: string;
  /** PostgreSQL's URL, for pg_dump. */
  databaseUrl?: string | undefined;
  /** Where long commands report how far they are (the CLI's stderr); nothing by default. */
  progress?: Progress;
  /** The secret key, in the CLI's own process only (`connections rekey`). */
  secretKey?: string | undefined;
  /** The environment the rekey reads its keys from; process.env by default. */
  env?: NodeJS.ProcessEnv;
}

export async function runCommand(context: CliContext, command: BufferedCommand): Promise<CliOutput> {
  const { db, auth, publicUrl, databaseUrl, progress = () => {} } = context;
  try {
    switch (command.cmd) {
      case "db.backup": {
        // Loaded when used: the server imports this module, and backups are rare.
        const { backupDatabase } = await import("../backup/backup-database");
        const manifest = await backupDatabase(db, databaseUrl, command.file, { force: command.force, progress });
        return { stdout: `${json({ file: command.file, backend: manifest.backend, schema_version: manifest.schema_version, bytes: manifest.payload.bytes })}\n`, exit_code: 0 };
      }
      // Restoring replaces the database under whoever holds it: never inside the running server.
      case "db.restore": throw new FieldworkError("RESTORE_SERVER_RUNNING");
      case "db.migrate": {
        const result = await migrate(db);
        const applied = result.results?.map((r) => r.migrationName) ?? [];
        return { stdout: applied.length ? `applied ${applied.join(", ")}\n` : "up to date\n", exit_code: 0 };
      }
      case "forms.import": {
        const project = command.project_id ?? (await defaultProject(db));
        const { id } = await importForm(db, project, command.definition);
        return { stdout: `${json({ id, url: publicFormUrl(publicUrl, id) })}\n`, exit_code: 0 };
      }
      case "forms.export":
        return { stdout: `${JSON.stringify(await exportForm(db, command.id), null, 2)}\n`, exit_code: 0 };
      case "users.create": {
        const { user } = await auth.api.signUpEmail({
          body: { email: command.email.toLowerCase(), password: command.password, name: command.display_name },
        });
        return { stdout: `${json({ id: user.id, email: user.email })}\n`, exit_code: 0 };
      }
      case "connections.rekey": {
        const { rekeyConnections } = await import("../external/rekey");
        const count = await rekeyConnections(db, context.env ?? process.env, context.secretKey);
        return { stdout: `${json({ resealed: count })}\n`, exit_code: 0 };
      }
      case "users.set-password": {
        const user = await setPassword(auth, command.email, command.password);
        return { stdout: `${json({ id: user.id, email: user.email, sessions_revoked: true })}\n`, exit_code: 0 };
      }
    }
  } catch (error) {
    const known = knownError(error);
    if (known) return failure(known);
    throw error;
  }
}

/**
 * Sets a user's password as an operator (there is no email to send a reset link): hashed
 * like sign-up does, and every session of theirs ends.
 */
async function setPassword(auth: Auth, email: string, password: string) {
  const context = await auth.$context;
  const { minPasswordLength, maxPasswordLength } = context.password.config;
  if (password.length < minPasswordLength || password.length > maxPasswordLength) {
    throw new FieldworkError("MALFORMED_REQUEST", `A password has ${minPasswordLength} to ${maxPasswordLength} characters.`);
  }
  const found = await context.internalAdapter.findUserByEmail(email.trim().toLowerCase());
  if (!found) throw new FieldworkError("USER_NOT_FOUND");
  const hashed = await context.password.hash(password);
  if (await context.internalAdapter.findCredentialAccount(found.user.id)) await context.internalAdapter.updatePassword(found.user.id, hashed);
  else await context.internalAdapter.createAccount({ userId: found.user.id, providerId: "credential", accountId: found.user.id, password: hashed });
  await context.internalAdapter.deleteUserSessions(found.user.id);
  return found.user;
}
