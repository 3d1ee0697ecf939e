/**
 * bench/RESULTS.md holds one `## bench:<name>` section per benchmark: a paragraph that says
 * what the columns mean, then a table. A run adds its row at the end of its own section's
 * table, so benchmarks can run in any order without their rows mixing.
 */
import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const RESULTS = new URL("./RESULTS.md", import.meta.url).pathname;
const ROOT = new URL("..", import.meta.url).pathname;
const HEADING = "# Benchmark results\n\nAppended by the benchmarks in this folder; each row carries its same-run baseline.\n";

export interface ResultsSection {
  /** `bench:submit`, `bench:respondent`… (the heading is `## ` + name). */
  name: string;
  /** What the columns mean, written when the section does not exist yet. */
  intro: string;
  columns: string[];
}

/** Adds `cells` as the last row of the section's table, creating the file or section if needed. */
export function appendResultRow(section: ResultsSection, cells: (string | number)[]): void {
  const text = existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : HEADING;
  const row = `| ${cells.join(" | ")} |`;
  const heading = `## ${section.name}\n`;
  const start = text.indexOf(heading);
  if (start < 0) {
    const table = `| ${section.columns.join(" | ")} |\n|${section.columns.map(() => "---|").join("")}\n`;
    writeFileSync(RESULTS, `${text.trimEnd()}\n\n${heading}\n${section.intro.trim()}\n\n${table}${row}\n`);
    return;
  }
  const next = text.indexOf("\n## ", start + heading.length);
  const end = next < 0 ? text.length : next;
  // After the table's last row: notes written below a table stay below it.
  const lastRow = text.slice(start, end).search(/\n\|[^\n]*\|[ \t]*(?![\s\S]*\n\|)/);
  if (lastRow >= 0) {
    const at = text.indexOf("\n", start + lastRow + 1);
    const cut = at < 0 || at > end ? end : at;
    writeFileSync(RESULTS, `${text.slice(0, cut)}\n${row}${text.slice(cut)}`);
    return;
  }
  const before = text.slice(0, end).trimEnd();
  writeFileSync(RESULTS, `${before}\n${row}\n${next < 0 ? "" : `\n${text.slice(end + 1)}`}`);
}

/** The short hash of HEAD, with `+` when the work tree differs from it. */
export function currentCommit(): string {
  try {
    const hash = execSync("git rev-parse --short HEAD", { cwd: ROOT }).toString().trim();
    const dirty = execSync("git status --porcelain --untracked-files=no", { cwd: ROOT }).toString().trim() !== "";
    return dirty ? `${hash}+` : hash;
  } catch {
    return "unknown";
  }
}

/** `2026-11-22 08:55` in UTC. */
export const resultDate = () => new Date().toISOString().slice(0, 16).replace("T", " ");

/** The p-th percentile (nearest rank) of the values, which need not be sorted. */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
