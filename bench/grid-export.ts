/**
 * bench:grid's export phase: `Accept: text/csv` of the whole table, read as fast as it
 * comes and thrown away (bytes and lines counted), while the server's resident memory is
 * sampled from /proc/<pid>/status every 100 ms. Sent without `Accept-Encoding`, as curl or
 * a script would, so the bytes counted are the CSV itself. For reference, the same rows as
 * Postgres writes CSV itself (`COPY (…) TO STDOUT`, through psql).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

export interface ExportResult {
  seconds: number;
  bytes: number;
  /** CSV lines after the header. */
  rows: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** RSS at each tenth of the export's duration: flat, or growing with the rows sent. */
  rssTimelineMb: number[];
}

/** VmRSS of a process, in MB. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb ?? 0) / 1024;
}

function sampleRss(pid: number): { stop(): number[] } {
  const samples = [rssMb(pid)];
  const timer = setInterval(() => samples.push(rssMb(pid)), 100);
  return { stop: () => (clearInterval(timer), samples) };
}

export async function measureExport(url: string, token: string, pid: number): Promise<ExportResult> {
  const idle = sampleRss(pid);
  await sleep(1000);
  const before = idle.stop();
  const during = sampleRss(pid);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let samples: number[] = [];
  try {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: "text/csv", "accept-encoding": "identity" } });
    if (!response.ok || !response.body) throw new Error(`export failed: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body) {
      const bytesOf = chunk as Uint8Array;
      bytes += bytesOf.byteLength;
      for (let i = bytesOf.indexOf(10); i >= 0; i = bytesOf.indexOf(10, i + 1)) lines++;
    }
  } finally {
    samples = during.stop();
  }
  return {
    seconds: (performance.now() - started) / 1000,
    bytes,
    rows: lines - 1,
    rssBeforeMb: before.at(-1) ?? 0,
    rssPeakMb: Math.max(...samples),
    rssTimelineMb: Array.from({ length: 10 }, (_, i) => samples[Math.min(samples.length - 1, Math.round(((i + 1) * (samples.length - 1)) / 10))] ?? 0),
  };
}

/** Seconds and bytes of `copy (select) to stdout with (format csv, header)` run by psql. */
export async function measureCopy(databaseUrl: string, select: string): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now();
  const psql = spawn("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", databaseUrl, "-c", `copy (${select}) to stdout with (format csv, header)`],
    { stdio: ["ignore", "pipe", "inherit"] });
  let bytes = 0;
  psql.stdout.on("data", (chunk: Buffer) => (bytes += chunk.length));
  const code = await new Promise<number | null>((resolve) => psql.on("close", resolve));
  if (code !== 0) throw new Error(`psql copy exited ${code}`);
  return { seconds: (performance.now() - started) / 1000, bytes };
}
