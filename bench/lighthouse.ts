/**
 * Lighthouse's performance score of one URL, through its CLI (lighthouse 13, which needs
 * Node ≥ 22.19). Its default configuration is the mobile one: a Moto G-sized screen,
 * simulated 4× CPU slowdown, 150 ms RTT and 1.6 Mbps. It launches its own Chromium
 * (CHROME_PATH) and closes it when done.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROME_FLAGS, CHROMIUM } from "./mobile-browser";

const CLI = new URL("../node_modules/lighthouse/cli/index.js", import.meta.url).pathname;

export interface LighthouseResult {
  score: number;
  /** Largest and first contentful paint and total blocking time, in ms, as Lighthouse simulates them. */
  fcp: number;
  lcp: number;
  tbt: number;
}

interface Report {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
}

export async function lighthouse(url: string): Promise<LighthouseResult> {
  const dir = mkdtempSync(join(tmpdir(), "fieldwork-lighthouse-"));
  const output = join(dir, "report.json");
  try {
    const child = spawn(process.execPath, [
      CLI, url, "--only-categories=performance", "--output=json", `--output-path=${output}`, "--quiet",
      `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    ], { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    if (code !== 0) throw new Error(`lighthouse exited with ${code}: ${stderr.slice(-2000)}`);
    const report = JSON.parse(readFileSync(output, "utf8")) as Report;
    const score = report.categories.performance.score;
    if (score === null) throw new Error("lighthouse gave no performance score");
    const audit = (id: string) => Math.round(report.audits[id]?.numericValue ?? Number.NaN);
    return { score: Math.round(score * 100), fcp: audit("first-contentful-paint"), lcp: audit("largest-contentful-paint"), tbt: audit("total-blocking-time") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
