/**
 * For tests: `npm run cli` in its own process, as `npm run cli` runs it: the built CLI
 * (`packages/server/dist/cli.js`; a file that runs it calls `useBuiltCli()`), stdout on a
 * pipe read to the end (as `… | wc -l` would), with the environment the test gives it on
 * top of this one.
 */
import { spawn } from "node:child_process";
import { beforeAll } from "vitest";
import { BUILT_CLI, buildIfNeeded, ROOT } from "../test/built-server";

/** Builds the CLI before the file's tests when a source is newer than the build. */
export function useBuiltCli(): void {
  beforeAll(buildIfNeeded, 300_000);
}

export interface CliRun { code: number | null; stdout: string; stderr: string }

export function runCli(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args], {
      cwd: ROOT, env: { ...process.env, DATABASE_URL: "", ...env }, stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }));
  });
}

/** The lines of a listing, checking it ends with a line break (nothing cut off mid-line). */
export function linesOf(text: string, eol = "\n"): string[] {
  if (text === "") return [];
  const lines = text.split(eol);
  if (lines.pop() !== "") throw new Error(`The output does not end with a line break: …${JSON.stringify(text.slice(-80))}`);
  return lines;
}
