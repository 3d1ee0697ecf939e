/** One pgbench run of a custom script (`-n -f`), the transactions per second it printed. */
import { spawnSync } from "node:child_process";

export function pgbenchTps(url: string, script: string, run: { clients: number; seconds: number; env?: NodeJS.ProcessEnv }): number {
  const args = ["-n", "-c", String(run.clients), "-j", String(Math.min(run.clients, 2)), "-T", String(run.seconds), "-f", script, url];
  const result = spawnSync("pgbench", args, { encoding: "utf8", env: run.env ?? process.env });
  const tps = /tps = ([\d.]+)/.exec(result.stdout)?.[1];
  if (!tps) throw new Error(`pgbench failed: ${result.stdout}\n${result.stderr}`);
  return Number(tps);
}
