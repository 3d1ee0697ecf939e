/**
 * The built server (`packages/server/dist`, scripts/build-server.mjs) in its own process, for
 * the tests and benches that are about the built server itself: its start, its idle memory,
 * its shutdown. Everything else runs the app from source in the test process.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
export const BUILT_MAIN = "packages/server/dist/main.js";
/** What `npm run cli` runs once built. */
export const BUILT_CLI = "packages/server/dist/cli.js";

/**
 * Builds the respondent bundle and the server when a source is newer (what `npm start` does
 * first); files calling it at once build once (the script holds a lock while it builds).
 */
export function buildIfNeeded(): void {
  const result = spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`scripts/build-if-needed.mjs exited with ${result.status}`);
}

/**
 * A TCP port nobody listens on right now, drawn below Linux's ephemeral range (32768–60999):
 * a port the kernel hands out for `listen(0)` is also one it hands to outgoing connections
 * (the suite's own database clients), which can take it between this check and the server's
 * listen. A port can still be taken by another test file drawing the same one; starters
 * retry on EADDRINUSE (`startServer` below, e2e/harness.ts).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error("no free port in 20000–31999 after 50 draws");
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Whether a server's output says its port was taken (the caller starts it again on another). */
export function portTaken(output: string): boolean {
  return /EADDRINUSE/.test(output);
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the first 200 from `/healthz`. */
  readyMs: number;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartOptions {
  /** What `node` runs (the built main by default) and its own arguments before it. */
  args?: string[];
  /** Give up waiting for `/healthz` after this long. */
  readyTimeoutMs?: number;
}

/** Starts `node <args>` with `env` over this process's environment and waits for `/healthz`. */
export async function startServer(env: Record<string, string>, options: StartOptions = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, options, await freePort());
    } catch (error) {
      if (attempt >= 3 || !portTaken(String(error))) throw error;
    }
  }
}

async function startOnce(env: Record<string, string>, options: StartOptions, port: number): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, options.args ?? [BUILT_MAIN], {
    cwd: ROOT,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })));
  let gone = false;
  void exited.then(() => (gone = true));
  const limit = started + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (gone) throw new Error(`the server exited before it was ready:\n${text}`);
    if (performance.now() > limit) {
      child.kill("SIGKILL");
      throw new Error(`the server was not ready within ${options.readyTimeoutMs ?? 60_000} ms:\n${text}`);
    }
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, url, readyMs: performance.now() - started, output: () => text, exited };
}

/** The demo form's id, from the lines a first start prints. */
export function demoFormIdOf(output: string): string {
  const match = /Demo form: \S*\/d\/e\/([0-9a-f-]{36})/.exec(output);
  if (!match) throw new Error(`no demo form in the start output:\n${output}`);
  return match[1]!;
}
