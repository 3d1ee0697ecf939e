/**
 * Starts the built server (`packages/server/dist/main.js`, what `npm start` runs; the e2e
 * project's global setup builds it when a source is newer) on a fresh DATA_DIR and a free
 * port, and Chromium through playwright-core. On PGlite the DATA_DIR starts as a copy of the
 * run's migrated template (e2e/global-setup.ts), so the server migrates nothing and seeds its
 * demo as on a first start.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { inject } from "vitest";
import { BUILT_CLI, BUILT_MAIN, freePort, portTaken, ROOT } from "../packages/server/src/test/built-server";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Whether Chromium is here; under CI=true its absence fails the run instead of skipping. */
export const CHROMIUM_AVAILABLE = existsSync(CHROMIUM);
if (!CHROMIUM_AVAILABLE && process.env.CI === "true") throw new Error(`Chromium is required under CI=true (${CHROMIUM}).`);

export interface RunningServer {
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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}
