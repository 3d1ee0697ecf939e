/**
 * Starts the built server (`packages/server/dist/main.js`, what `npm start` runs; the e2e
 * project's global setup builds it when a source is newer) on a fresh DATA_DIR and a free
 * port. On PGlite the DATA_DIR starts as a copy of the run's migrated template
 * (e2e/global-setup.ts), so the server migrates nothing and seeds its demo as on a first start.
 * Files that need no server of their own (no environment, no PostgreSQL) share one per worker
 * process (`sharedServer`), which the global setup's teardown stops.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { BUILT_CLI, BUILT_MAIN, freePort, portTaken, ROOT } from "../packages/server/src/test/built-server";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Whether Chromium is here; under CI=true its absence fails the run instead of skipping. */
export const CHROMIUM_AVAILABLE = existsSync(CHROMIUM);
if (!CHROMIUM_AVAILABLE && process.env.CI === "true") throw new Error(`Chromium is required under CI=true (${CHROMIUM}).`);

export interface RunningServer {
  pid: number;
  url: string;
  demoFormUrl: string;
  dataDir: string;
  cli(args: string[]): string;
  stop(): Promise<void>;
  /** `kill -9`: the process dies at once, mid-request (a crash, for reliability tests); `stop` still cleans up. */
  kill9(): Promise<void>;
}

interface StartOptions { databaseUrl?: string; env?: Record<string, string> }

/**
 * Starts the server on PGlite in a fresh DATA_DIR, or on the PostgreSQL database `databaseUrl`;
 * `env` adds variables (AI_BASE_URL…). A port taken between the draw and the listen is drawn again.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    const dataDir = mkdtempSync(join(tmpdir(), "fieldwork-e2e-"));
    try {
      return await startOnce(options, dataDir, await freePort());
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      if (attempt >= 3 || !portTaken(String(error))) throw error;
    }
  }
}

async function startOnce(options: StartOptions, dataDir: string, port: number): Promise<RunningServer> {
  const template = inject("e2eDataDirTemplate")?.dataDir;
  if (template && !options.databaseUrl) cpSync(join(template, "pglite"), join(dataDir, "pglite"), { recursive: true });
  const env = {
    ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl ?? "",
    LOG_LEVEL: "warn", PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.env,
  };
  const child: ChildProcess = spawn(process.execPath, [BUILT_MAIN], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const demoFormUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Demo form: (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    demoFormUrl,
    dataDir,
    cli(args) {
      const result = spawnSync(process.execPath, [BUILT_CLI, ...args], { cwd: ROOT, env, encoding: "utf8" });
      if (result.status !== 0) throw new Error(`cli ${args.join(" ")} failed: ${result.stderr}${result.stdout}`);
      return result.stdout;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    async kill9() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}

let shared: Promise<RunningServer> | undefined;

/**
 * The worker process's server on PGlite, started by the first file that asks and used by the
 * files the process runs after it. Its pid and DATA_DIR go to the run's record directory
 * (e2e/global-setup.ts), whose teardown stops it once every file ran: a worker process ends by
 * SIGTERM, without running exit handlers. Files share no state on it but what they make
 * themselves (each signs up its own owner; `useServerAndBrowser` gives each its own client
 * address, so rate limits count per file as they would per visitor).
 */
export function sharedServer(): Promise<RunningServer> {
  shared ??= startServer().then((server) => {
    const records = inject("e2eServerRecords").dir;
    writeFileSync(join(records, `${server.pid}.json`), JSON.stringify({ pid: server.pid, dataDir: server.dataDir }));
    const refuse = () => Promise.reject(new Error("the shared server stops when the run ends; start a server of your own"));
    return { ...server, stop: refuse, kill9: refuse };
  });
  return shared.catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
}
