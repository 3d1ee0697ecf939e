/**
 * `npm run bench:respondent`: how soon a visitor on a phone sees the demo form's first
 * input, against the same page with no JavaScript at all.
 *
 * Starts the real server (PGlite in a fresh DATA_DIR, a free port), makes the plain copy of
 * the demo form's page (bench/plain-page.ts: scripts and modulepreloads removed, CSS
 * inline, compressed like the server compresses HTML) and serves it from a local server.
 * Then, in headless Chromium under the mobile profile (bench/mobile-browser.ts), opens
 * ours and the plain copy in turn, BENCH_RUNS times each (5 by default), each load in a
 * fresh browser context, and reports the median time to the first visible input of both
 * and their ratio; then the bytes of a first visit (compressed JavaScript before the load
 * event, and what loads after it) and Lighthouse's mobile performance score. Prints the
 * figures and adds a row to bench/RESULTS.md. Stops everything it started.
 *
 * In the same runs, interleaved with ours, it loads the peers (bench/peers.ts: the same form
 * drawn by a plain script, and by React alone) and prints the ranking; and one form per heavy
 * widget (bench/respondent-fixtures.ts: rich text, signature, map, JSON editor, canvas, media
 * viewer), each with its own first-input figure and the JavaScript it fetches, skipping with
 * a notice a widget whose type this build does not support yet. Those go to a second section,
 * `bench:respondent peers and widgets`, with the load average.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { lighthouse } from "./lighthouse";
import { firstVisitBytes, launch, MOBILE, responseHeaders, timeToFirstInput } from "./mobile-browser";
import { peerFiles, PEERS } from "./peers";
import { plainCopy, serveFiles } from "./plain-page";
import { importFixtures } from "./respondent-fixtures";
import { appendResultRow, currentCommit, resultDate } from "./results";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROOT = new URL("..", import.meta.url).pathname;
const GOAL_RATIO = 1.1;

const SECTION = {
  name: "bench:respondent",
  intro: `\`npm run bench:respondent\`: the demo form in headless Chromium under a mobile profile (390×844, 4× CPU
slowdown, 150 ms latency, 1.6 Mbps down, 750 kbps up), each load in a fresh browser context, ours and
the plain copy interleaved, median of the runs. **first input** is the time from navigation start to the
first frame that shows an input, textarea or select (a probe injected before the page's own scripts);
**plain** is the same for a copy of the same page with every script and modulepreload removed and its CSS
inline, served compressed like ours; **ratio** is ours over plain (goal ≤ ${GOAL_RATIO}). **JS kB** is the
compressed JavaScript fetched before the load event (what competes with the first visit), **later kB** the
JavaScript fetched after it (fingerprintjs), **HTML kB** the document on the wire; **Lighthouse** is its
mobile performance score (lighthouse 13, simulated throttling).`,
  columns: ["date", "commit", "machine", "runs", "first input ms", "plain ms", "ratio", "JS kB", "later kB", "HTML kB", "Lighthouse"],
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

interface RunningServer { origin: string; formUrl: string; env: NodeJS.ProcessEnv; stop(): Promise<void> }

async function startServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "fieldwork-bench-"));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", PUBLIC_URL: `http://127.0.0.1:${port}` };
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  let log = "";
  try {
    const formUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${log}`)), 60_000);
      const onData = (chunk: Buffer) => {
        log += chunk.toString();
        const match = /Demo form: (\S+)/.exec(log);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      child.on("exit", (code) => reject(new Error(`the server exited with ${code}:\n${log}`)));
    });
    return { origin: `http://127.0.0.1:${port}`, formUrl, env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const kB = (bytes: number) => (bytes / 1024).toFixed(1);

/** A page measured in every run: ours, the plain copy, a peer or a heavy-widget form. */
interface Target { name: string; url: string; kind: "ours" | "plain" | "peer" | "widget" }

/** Every target once per run, interleaved, so a busy moment of the machine hits them alike. */
async function measure(browser: Browser, targets: Target[]): Promise<Map<Target, number[]>> {
  const times = new Map(targets.map((t) => [t, [] as number[]]));
  for (let run = 1; run <= RUNS; run++) {
    for (const target of targets) times.get(target)!.push(await timeToFirstInput(browser, target.url));
    console.log(`run ${run}/${RUNS}: ${targets.map((t) => `${t.name} ${times.get(t)!.at(-1)!.toFixed(0)} ms`).join(", ")}`);
  }
  return times;
}

const jsBeforeLoad = async (browser: Browser, url: string) =>
  (await firstVisitBytes(browser, url, 2000)).scripts.filter((s) => s.beforeLoad).reduce((sum, s) => sum + s.encoded, 0);

const PEERS_SECTION = {
  name: "bench:respondent peers and widgets",
  intro: `Written by \`npm run bench:respondent\` in the same runs as the row above it in \`bench:respondent\` (same
mobile profile, each page once per run, interleaved, median of the runs). **ours**, **plain** (no scripts),
**vanilla JS** (the demo form's first section drawn by a plain script from the same JSON, same CSS) and **React
alone** (the same drawn by React 19's createRoot, production build): time to the first visible input in ms.
**ranking** orders them. **widgets**: one form per heavy widget (a text field, then the widget's field), its
first input in ms and the JavaScript it fetches before the load event (compressed kB); "—" where this build
does not support the type yet. **load** is the 1-minute load average at the start and the end of the run.`,
  columns: ["date", "commit", "machine", "load", "runs", "ours ms", "plain ms", "vanilla JS ms", "React alone ms", "ranking", "widgets (first input ms / JS kB)"],
};

async function main() {
  if (spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { cwd: ROOT, stdio: "inherit" }).status !== 0) {
    throw new Error("the web build failed");
  }
  const loadAtStart = loadavg()[0]!;
  const server = await startServer();
  let page: { url: string; close(): Promise<void> } | undefined;
  let browser: Browser | undefined;
  try {
    const html = await (await fetch(server.formUrl)).text();
    const plain = await plainCopy(html, server.origin);
    page = await serveFiles({ "/": { type: "text/html; charset=utf-8", body: plain }, ...(await peerFiles(plain)) }, server.origin);
    const targets: Target[] = [
      { name: "ours", url: server.formUrl, kind: "ours" },
      { name: "plain", url: page.url, kind: "plain" },
      ...PEERS.map((p): Target => ({ name: p.name, url: new URL(p.path, page!.url).href, kind: "peer" })),
    ];
    const fixtures = importFixtures(ROOT, server.env);
    for (const f of fixtures) {
      if (f.url) targets.push({ name: f.fixture.widget, url: f.url, kind: "widget" });
      else console.log(`skipped the ${f.fixture.widget} form: ${f.skipped}`);
    }
    browser = await launch();
    const headers = await responseHeaders(browser, server.formUrl);
    console.log(`\nbench:respondent — ${server.formUrl} (content-encoding: ${headers["content-encoding"] ?? "none"}), plain copy and peers at ${page.url}`);
    console.log(`mobile profile: ${MOBILE.width}×${MOBILE.height}, ${MOBILE.cpuSlowdown}× CPU, ${MOBILE.latencyMs} ms, ${MOBILE.downloadKbps} kbps down, ${MOBILE.uploadKbps} kbps up\n`);

    const all = await measure(browser, targets);
    const medianOf = (kind: Target["kind"], name?: string) => median(all.get(targets.find((t) => t.kind === kind && (!name || t.name === name))!)!);
    const times = { ours: all.get(targets[0]!)!, plain: all.get(targets[1]!)! };
    const widgets = targets.filter((t) => t.kind === "widget");
    const widgetBytes = new Map<Target, number>();
    for (const w of widgets) widgetBytes.set(w, await jsBeforeLoad(browser, w.url));
    const bytes = await firstVisitBytes(browser, server.formUrl);
    const first = bytes.scripts.filter((s) => s.beforeLoad);
    const later = bytes.scripts.filter((s) => !s.beforeLoad);
    const jsFirst = first.reduce((sum, s) => sum + s.encoded, 0);
    const jsLater = later.reduce((sum, s) => sum + s.encoded, 0);
    await browser.close();
    browser = undefined;
    const score = await lighthouse(server.formUrl);

    const oursMs = median(times.ours);
    const plainMs = median(times.plain);
    const ratio = oursMs / plainMs;
    console.log(`\nfirst visible input (median of ${RUNS}): ours ${oursMs.toFixed(0)} ms, plain ${plainMs.toFixed(0)} ms, ratio ${ratio.toFixed(2)} (goal ≤ ${GOAL_RATIO})`);
    console.log(`HTML ${kB(bytes.html.encoded)} kB on the wire (${kB(bytes.html.decoded)} kB decoded), CSS files ${kB(bytes.css)} kB`);
    console.log(`JavaScript before the load event: ${kB(jsFirst)} kB compressed`);
    for (const s of first) console.log(`  ${s.url}  ${kB(s.encoded)} kB (${kB(s.decoded)} kB decoded)`);
    console.log(`JavaScript after it: ${kB(jsLater)} kB compressed`);
    for (const s of later) console.log(`  ${s.url}  ${kB(s.encoded)} kB (${kB(s.decoded)} kB decoded)`);
    console.log(`Lighthouse mobile performance: ${score.score} (FCP ${score.fcp} ms, LCP ${score.lcp} ms, TBT ${score.tbt} ms)\n`);

    appendResultRow(SECTION, [
      resultDate(), currentCommit(), `${cpus().length} cores`, RUNS, oursMs.toFixed(0), plainMs.toFixed(0), ratio.toFixed(2),
      kB(jsFirst), kB(jsLater), kB(bytes.html.encoded), score.score,
    ]);

    const ranked = targets.filter((t) => t.kind !== "widget").map((t) => ({ name: t.name, ms: median(all.get(t)!) })).sort((a, b) => a.ms - b.ms);
    console.log(`ranking, first visible input (median of ${RUNS}):`);
    ranked.forEach((r, i) => console.log(`  ${i + 1}. ${r.name.padEnd(12)} ${r.ms.toFixed(0).padStart(6)} ms  ${(r.ms / plainMs).toFixed(2)}× plain`));
    console.log("heavy widgets, first visible input and JavaScript before the load event:");
    for (const f of fixtures) {
      const target = widgets.find((w) => w.name === f.fixture.widget);
      console.log(target
        ? `  ${f.fixture.widget.padEnd(13)} ${median(all.get(target)!).toFixed(0).padStart(6)} ms  ${(median(all.get(target)!) / oursMs).toFixed(2)}× ours  ${kB(widgetBytes.get(target)!)} kB JS`
        : `  ${f.fixture.widget.padEnd(13)} skipped: ${f.skipped}`);
    }
    const loadAtEnd = loadavg()[0]!;
    console.log(`load average: ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end\n`);
    appendResultRow(PEERS_SECTION, [
      resultDate(), currentCommit(), `${cpus().length} cores`, `${loadAtStart.toFixed(1)} → ${loadAtEnd.toFixed(1)}`, RUNS,
      oursMs.toFixed(0), plainMs.toFixed(0), medianOf("peer", "vanilla JS").toFixed(0), medianOf("peer", "React alone").toFixed(0),
      ranked.map((r) => r.name).join(" < "),
      fixtures.map((f) => {
        const target = widgets.find((w) => w.name === f.fixture.widget);
        return target ? `${f.fixture.widget} ${median(all.get(target)!).toFixed(0)} / ${kB(widgetBytes.get(target)!)}` : `${f.fixture.widget} —`;
      }).join("; "),
    ]);
  } finally {
    await browser?.close();
    await page?.close();
    await server.stop();
  }
}

await main();
