/**
 * Lighthouse's performance score (and SEO score) of one URL, through its CLI (lighthouse 13, which needs
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
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] }>;
  audits: Record<string, { numericValue?: number; score?: number | null; scoreDisplayMode?: string; title?: string }>;
}

/** One Lighthouse run of `url` over `categories` (performance, seo…): its JSON report. */
async function lighthouseReport(url: string, categories: string[]): Promise<Report> {
  const dir = mkdtempSync(join(tmpdir(), "fieldwork-lighthouse-"));
  const output = join(dir, "report.json");
  try {
    const child = spawn(process.execPath, [
      CLI, url, `--only-categories=${categories.join(",")}`, "--output=json", `--output-path=${output}`, "--quiet",
      `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    ], { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    if (code !== 0) throw new Error(`lighthouse exited with ${code}: ${stderr.slice(-2000)}`);
    return JSON.parse(readFileSync(output, "utf8")) as Report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function lighthouse(url: string): Promise<LighthouseResult> {
  const report = await lighthouseReport(url, ["performance"]);
  const score = report.categories.performance?.score ?? null;
  if (score === null) throw new Error("lighthouse gave no performance score");
  const audit = (id: string) => Math.round(report.audits[id]?.numericValue ?? Number.NaN);
  return { score: Math.round(score * 100), fcp: audit("first-contentful-paint"), lcp: audit("largest-contentful-paint"), tbt: audit("total-blocking-time") };
}

export interface SeoResult {
  /** 0–100. */
  score: number;
  /** The scored SEO audits that did not pass, with their titles (empty at 100). */
  failed: string[];
}

/** Lighthouse's SEO score of `url` (meta description, crawlable, robots.txt, canonical, link text…). */
export async function lighthouseSeo(url: string): Promise<SeoResult> {
  const report = await lighthouseReport(url, ["seo"]);
  const seo = report.categories.seo;
  if (!seo || seo.score === null) throw new Error("lighthouse gave no SEO score");
  const failed = (seo.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ id: ref.id, audit: report.audits[ref.id] }))
    .filter(({ audit }) => audit?.scoreDisplayMode === "binary" && audit.score !== 1)
    .map(({ id, audit }) => `${id}: ${audit?.title ?? ""}`);
  return { score: Math.round(seo.score * 100), failed };
}
