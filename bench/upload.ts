/**
 * `npm run bench:upload` (issue 21): uploads through the server against raw writes of the
 * same bytes in the same run, on disk and on s3rver, with the server's RSS (its own process,
 * sampled every 50 ms: streamed uploads keep it flat).
 *
 * - signed PUT: BENCH_UPLOADS (10) concurrent BENCH_UPLOAD_MB (50) MB uploads to signed URLs
 *   (`PUT /v1/storage/object/…`), each by its own `curl -T` process (a client outside this
 *   process, as browsers are); baseline: the same file copied straight into the store
 *   (`copyFile` + fsync on disk — `cp` and `sync`, as the server fsyncs; one PutObject each to s3rver).
 *
 * - multipart submit: BENCH_SUBMITS (50) concurrent POST /submit of a form with a file field,
 *   each a `curl -F` of one 5 MB file (the multipart limit) with a text answer; the server
 *   streams the part into `tmp/`, writes the row and moves the file into the answer's folder
 *   (the moves are let finish before the baseline runs); baseline: the same file copied into the
 *   store as above, once per submit.
 *
 * Each half is a `Half` in HALVES; one row per half and driver goes to bench/RESULTS.md.
 * Goal: ≥ 0.5× the raw throughput. BENCH_DRIVERS (`disk,s3`) and BENCH_HALVES
 * (`put,multipart`) pick a part; BENCH_CPU_PROF=<dir> profiles the server (`--cpu-prof`).
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { copyFile, mkdir, open, rm, writeFile, type FileHandle } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { startS3rver, type LocalS3 } from "../packages/server/src/test/s3rver";
import { signStorageUrl } from "../packages/server/src/storage/signed-url";
import { appendResultRow, currentCommit, percentile, resultDate } from "./results";

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 10);
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 50);
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 50);
/** 5 MB is the multipart limit (FILE_LIMITS.multipart_bytes): the file is exactly that big. */
const SUBMIT_BYTES = 5 * 1_048_576;
/** `disk,s3` by default; one of them to measure only that driver. */
const DRIVERS = (process.env.BENCH_DRIVERS ?? "disk,s3").split(",");
/** `put,multipart` by default; one of them to measure only that half. */
const ONLY_HALVES = (process.env.BENCH_HALVES ?? "put,multipart").split(",");
/** BENCH_CPU_PROF=<dir>: the server runs with `--cpu-prof` into that folder. */
const CPU_PROF = process.env.BENCH_CPU_PROF;
const GOAL = 0.5;
const SECRET = randomBytes(32).toString("hex");

export interface Store { driver: "disk" | "s3"; storageUrl: string | undefined; dataDir: string; s3: LocalS3 | undefined; bucket: string }
export interface Server { origin: string; formId: string; process: ChildProcess }
export interface Measured {
  label: string; count: number; mbEach: number; seconds: number; p99: number; rssBeforeMb: number; rssPeakMb: number; cpuSeconds: number; threads: string;
  /** The curl processes' CPU during our measure. */
  clientCpuSeconds: number;
  /** `copyFile` + fsync on disk (`cp`), one PutObject each on S3 (`aws s3 cp`). */
  rawSeconds: number;
  /** Disk only: the bytes, held in memory, written by one `write` + fsync each (what a process that has the bytes does). */
  writeSeconds: number | undefined;
  floorSeconds: number | undefined;
  floorCpuSeconds: number | undefined;
}
/** `floor`: the bare HTTP server (upload-bare-server.ts), on disk only. */
export interface Half { name: string; key: string; run(store: Store, server: Server, floor: Server | undefined): Promise<Measured> }

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** CPU seconds (user + system) of each thread group of the process (main, libuv, PGlite's worker, V8's GC and compilers). */
function cpuByThread(pid: number): Map<string, number> {
  const threads = new Map<string, number>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8").replace(/^.*\) /s, "").split(" ");
      const name = readFileSync(`/proc/${pid}/task/${task}/comm`, "utf8").trim();
      threads.set(name, (threads.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return threads;
}
/** CPU seconds of this process's children that ended (the curl processes): cutime + cstime. */
function childrenCpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").replace(/^.*\) /s, "").split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Runs `work` and answers the CPU its curl processes used. */
async function withClientCpu<T>(work: () => Promise<T>): Promise<{ result: T; clientCpuSeconds: number }> {
  const before = childrenCpuSeconds();
  const result = await work();
  return { result, clientCpuSeconds: childrenCpuSeconds() - before };
}

const cpuSeconds = (pid: number) => [...cpuByThread(pid).values()].reduce((a, b) => a + b, 0);

/** Waits (at most 60 s) until the server is idle: it compiles and warms up for a while after it listens. */
async function untilIdle(pid: number) {
  for (let waited = 0, last = cpuSeconds(pid); waited < 60; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    if (now - last < 0.05) return;
    last = now;
  }
}

/**
 * Samples the server's RSS while `work` runs, and counts the CPU seconds it used: on a loaded
 * machine wall time swings with the neighbours, CPU per MB much less.
 */
async function withRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; beforeMb: number; peakMb: number; cpuSeconds: number; threads: string; clientCpuSeconds: number }> {
  const beforeMb = rssMb(pid);
  const threadsBefore = cpuByThread(pid);
  const cpuBefore = cpuSeconds(pid);
  let peakMb = beforeMb;
  const timer = setInterval(() => { peakMb = Math.max(peakMb, rssMb(pid)); }, 50);
  try {
    const { result, clientCpuSeconds } = await withClientCpu(work);
    peakMb = Math.max(peakMb, rssMb(pid));
    const threads = [...cpuByThread(pid)].map(([name, seconds]) => [name, seconds - (threadsBefore.get(name) ?? 0)] as const)
      .filter(([, seconds]) => seconds > 0).map(([name, seconds]) => `${name} ${seconds.toFixed(2)}`).join(", ");
    return { result, beforeMb, peakMb, cpuSeconds: cpuSeconds(pid) - cpuBefore, threads, clientCpuSeconds };
  } finally {
    clearInterval(timer);
  }
}

async function timedAll(count: number, one: (i: number) => Promise<void>): Promise<{ seconds: number; latencies: number[] }> {
  const started = performance.now();
  const latencies = await Promise.all(Array.from({ length: count }, async (_, i) => {
    const at = performance.now();
    await one(i);
    return (performance.now() - at) / 1000;
  }));
  return { seconds: (performance.now() - started) / 1000, latencies };
}

/** `curl -T file url`: the HTTP status. */
function curlPut(file: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "expect:", "-T", file, url], (error, stdout) => {
      if (error) reject(error);
      else resolve(Number(stdout));
    });
  });
}

/** `curl -F` a multipart submit (the text answer and the file part, as a browser posts the form): the HTTP status. */
function curlSubmit(file: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "expect:", "-H", "accept: application/json",
      "-F", "full_name=Bench", "-F", `file=@${file};type=application/pdf`, url], (error, stdout) => {
      if (error) reject(error);
      else resolve(Number(stdout));
    });
  });
}

/** Waits until the server moved the staged files of the submits into their answers' folders. */
async function settle(server: Server) {
  const answer = await fetch(`${server.origin}/bench/settle`, { method: "POST" });
  if (!answer.ok || !((await answer.json()) as { ok: boolean }).ok) throw new Error("the bench server could not run its storage moves");
}

const pdfBytes = (size: number) => Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(size - 9)]);

/** Opens the file (`r+`: as it is, `w`: empty), lets `write` write it, fsyncs it. */
async function synced(path: string, flags: "r+" | "w", write: (file: FileHandle) => Promise<unknown>) {
  const file = await open(path, flags, 0o600);
  try {
    await write(file);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** The baselines: `cp` and a plain write on disk, each fsynced as the server fsyncs; `aws s3 cp` (one PutObject) on S3. */
async function rawWrites(store: Store, source: string, bytes: Buffer, count: number): Promise<{ rawSeconds: number; writeSeconds: number | undefined }> {
  if (store.driver === "disk") {
    const folder = join(store.dataDir, "raw");
    await mkdir(folder, { recursive: true });
    const rawSeconds = (await timedAll(count, async (i) => {
      const target = join(folder, `raw-${i}.bin`);
      await copyFile(source, target);
      await synced(target, "r+", async () => undefined);
    })).seconds;
    await rm(folder, { recursive: true });
    await mkdir(folder, { recursive: true });
    const writeSeconds = (await timedAll(count, (i) => synced(join(folder, `write-${i}.bin`), "w", (file) => file.writeFile(bytes)))).seconds;
    await rm(folder, { recursive: true });
    return { rawSeconds, writeSeconds };
  }
  const client = new S3Client({
    region: "us-east-1", endpoint: store.s3!.endpoint, forcePathStyle: true, credentials: store.s3!.credentials,
    requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED",
  });
  try {
    const rawSeconds = (await timedAll(count, async (i) => {
      await client.send(new PutObjectCommand({ Bucket: store.bucket, Key: `raw/raw-${i}.bin`, Body: bytes, ContentType: "application/octet-stream" }));
    })).seconds;
    return { rawSeconds, writeSeconds: undefined };
  } finally {
    client.destroy();
  }
}

/** The same uploads to the bare receiver: its time and CPU. */
async function floorRun(floor: Server | undefined, count: number, one: (i: number) => Promise<void>) {
  if (!floor) return { floorSeconds: undefined, floorCpuSeconds: undefined };
  const before = cpuSeconds(floor.process.pid!);
  const { seconds } = await timedAll(count, one);
  return { floorSeconds: seconds, floorCpuSeconds: cpuSeconds(floor.process.pid!) - before };
}

const signedPut: Half = {
  name: "signed PUT",
  key: "put",
  async run(store, server, floor) {
    const bytes = pdfBytes(UPLOAD_MB * 1_048_576);
    const source = join(store.dataDir, "source.pdf");
    await writeFile(source, bytes);
    const maxBytes = bytes.length;
    const measured = await withRss(server.process.pid!, () => timedAll(UPLOADS, async (i) => {
      const url = signStorageUrl(SECRET, { key: `bench/put-${i}/file.pdf`, op: "put", expiresInSeconds: 600, maxBytes, accept: "application/pdf" });
      const status = await curlPut(source, `${server.origin}${url}`);
      if (status !== 200) throw new Error(`upload ${i}: HTTP ${status}`);
    }));
    const raw = await rawWrites(store, source, bytes, UPLOADS);
    const bare = await floorRun(floor, UPLOADS, async (i) => {
      if (await curlPut(source, `${floor!.origin}/put-${i}`) !== 200) throw new Error(`bare upload ${i} failed`);
    });
    return {
      label: "signed PUT", count: UPLOADS, mbEach: UPLOAD_MB, seconds: measured.result.seconds, p99: percentile(measured.result.latencies, 99),
      rssBeforeMb: measured.beforeMb, rssPeakMb: measured.peakMb, cpuSeconds: measured.cpuSeconds, threads: measured.threads, clientCpuSeconds: measured.clientCpuSeconds, ...raw, ...bare,
    };
  },
};

const multipartSubmit: Half = {
  name: "multipart submit",
  key: "multipart",
  async run(store, server, floor) {
    const bytes = pdfBytes(SUBMIT_BYTES);
    const source = join(store.dataDir, "submit.pdf");
    await writeFile(source, bytes);
    const measured = await withRss(server.process.pid!, () => timedAll(SUBMITS, async (i) => {
      const status = await curlSubmit(source, `${server.origin}/submit/${server.formId}`);
      if (status !== 201) throw new Error(`submit ${i}: HTTP ${status}`);
    }));
    await settle(server);
    const raw = await rawWrites(store, source, bytes, SUBMITS);
    const bare = await floorRun(floor, SUBMITS, async (i) => {
      if (await curlSubmit(source, `${floor!.origin}/submit-${i}`) !== 200) throw new Error(`bare submit ${i} failed`);
    });
    return {
      label: "multipart submit", count: SUBMITS, mbEach: SUBMIT_BYTES / 1_048_576, seconds: measured.result.seconds,
      p99: percentile(measured.result.latencies, 99), rssBeforeMb: measured.beforeMb, rssPeakMb: measured.peakMb, cpuSeconds: measured.cpuSeconds, threads: measured.threads,
      clientCpuSeconds: measured.clientCpuSeconds, ...raw, ...bare,
    };
  },
};

export const HALVES: Half[] = [signedPut, multipartSubmit].filter((half) => ONLY_HALVES.includes(half.key));

/** Starts a bench server script in its own process; it prints its origin as a JSON line. */
async function startProcess(script: string, env: Record<string, string>, args: string[] = []): Promise<Server> {
  const child = spawn(process.execPath, [...args, "--import", "tsx", script], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith("{")) return { formId: "", ...(JSON.parse(line) as { origin: string; formId?: string }), process: child };
  }
  throw new Error(`${script} exited before listening`);
}

/** The node flags `npm start` runs the server with (`--max-semi-space-size=8`: the young generation's size decides how often uploads' socket buffers are freed). */
function startFlags(): string[] {
  const start = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: { start: string } }).scripts.start;
  const flags = /\bnode ((?:--\S+ )*)packages\/server\/dist\/main\.js/.exec(start)?.[1];
  if (flags === undefined) throw new Error("package.json's start script no longer runs `node … packages/server/dist/main.js`: update startFlags");
  return flags.trim().split(" ").filter(Boolean);
}

function startServer(store: Store): Promise<Server> {
  const profile = CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", CPU_PROF, "--cpu-prof-name", `upload-${store.driver}-${Date.now()}.cpuprofile`] : [];
  return startProcess("bench/upload-server.ts", { DATA_DIR: store.dataDir, SECRET_KEY: SECRET, STORAGE_URL: store.storageUrl ?? "" }, [...startFlags(), ...profile]);
}

async function stopServer(server: Server) {
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  await exited;
}

async function main() {
  const s3 = await startS3rver("bench");
  const stores: Store[] = ([
    { driver: "disk", storageUrl: undefined, s3: undefined, bucket: "" },
    { driver: "s3", storageUrl: s3.storageUrl(), s3, bucket: s3.bucket },
  ] as const).filter((store) => DRIVERS.includes(store.driver))
    .map((store) => ({ ...store, dataDir: mkdtempSync(join(tmpdir(), `fieldwork-bench-upload-${store.driver}-`)) }));
  try {
    for (const store of stores) {
      const server = await startServer(store);
      await untilIdle(server.process.pid!);
      const floor = store.driver === "disk" ? await startProcess("bench/upload-bare-server.ts", { DATA_DIR: store.dataDir }) : undefined;
      try {
        for (const half of HALVES) {
          const m = await half.run(store, server, floor);
          const mb = m.count * m.mbEach;
          const ours = mb / m.seconds;
          const raw = mb / m.rawSeconds;
          const ratio = ours / raw;
          const writeRatio = m.writeSeconds === undefined ? undefined : m.writeSeconds / m.seconds;
          // The goal is met against the stronger (faster) of the baselines.
          const weakest = Math.min(ratio, writeRatio ?? ratio);
          const floorRatio = m.floorSeconds === undefined ? undefined : m.floorSeconds / m.seconds;
          const perMb = (seconds: number | undefined) => seconds === undefined ? "—" : (1000 * seconds / mb).toFixed(1);
          const load = loadavg().map((value) => value.toFixed(1)).join(" ");
          console.log(`${store.driver} ${m.label}: ${m.count} × ${m.mbEach} MB in ${m.seconds.toFixed(2)} s (${ours.toFixed(0)} MB/s, p99 ${m.p99.toFixed(2)} s), ` +
            `raw ${m.rawSeconds.toFixed(2)} s (${raw.toFixed(0)} MB/s): ${ratio.toFixed(2)}×; ` +
            `${m.writeSeconds === undefined ? "" : `write ${m.writeSeconds.toFixed(2)} s: ${writeRatio!.toFixed(2)}×; `}` +
            `${m.floorSeconds === undefined ? "" : `bare HTTP ${m.floorSeconds.toFixed(2)} s: ${floorRatio!.toFixed(2)}× of it (CPU ${perMb(m.floorCpuSeconds)} ms/MB); `}server RSS ${m.rssBeforeMb.toFixed(0)} → peak ${m.rssPeakMb.toFixed(0)} MB, ` +
            `CPU ${m.cpuSeconds.toFixed(2)} s (${perMb(m.cpuSeconds)} ms/MB: ${m.threads}); curl CPU ${perMb(m.clientCpuSeconds)} ms/MB; load ${load}`);
          appendResultRow({
            name: "bench:upload",
            intro: "`npm run bench:upload` (issue 21): see the section in bench/RESULTS.md.",
            columns: ["date", "commit", "machine", "load", "driver", "path", "uploads × MB", "server s", "MB/s", "p99 s", "RSS before → peak MB", "raw s", "raw MB/s", "ratio", "verdict", "bare HTTP s", "÷ bare", "CPU ms/MB", "write s", "÷ write", "bare CPU ms/MB", "curl CPU ms/MB"],
          }, [
            resultDate(), currentCommit(), `${cpus().length} cores`, load, store.driver, m.label, `${m.count} × ${m.mbEach}`, m.seconds.toFixed(2), ours.toFixed(0),
            m.p99.toFixed(2), `${m.rssBeforeMb.toFixed(0)} → ${m.rssPeakMb.toFixed(0)}`, m.rawSeconds.toFixed(2), raw.toFixed(0), ratio.toFixed(2),
            weakest >= GOAL ? "ok" : `MISS: < ${GOAL}×`, m.floorSeconds?.toFixed(2) ?? "—", floorRatio?.toFixed(2) ?? "—", perMb(m.cpuSeconds),
            m.writeSeconds?.toFixed(2) ?? "—", writeRatio?.toFixed(2) ?? "—", perMb(m.floorCpuSeconds), perMb(m.clientCpuSeconds),
          ]);
        }
      } finally {
        await stopServer(server);
        if (floor) await stopServer(floor);
      }
    }
  } finally {
    await s3.close();
    for (const store of stores) rmSync(store.dataDir, { recursive: true, force: true });
  }
}

await main();
