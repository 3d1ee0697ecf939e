/** axe-core run in a page: the violations, with what and where (evaluated by the test, not a <script> the page's CSP would refuse). */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

const AXE = readFileSync(new URL("../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");

export interface Violation { id: string; impact: string; help: string; targets: string[] }

export async function axeViolations(page: Page): Promise<Violation[]> {
  const first = await runAxe(page);
  if (first.length === 0) return first;
  // A state the page is passing through (a live reread disabling then enabling a button, its
  // opacity fading back while axe measured) is not what the reader gets: what a second run
  // after the page settled again no longer finds is dropped; a real violation stays in both.
  const again = new Set((await runAxe(page)).map(key));
  return first.filter((violation) => again.has(key(violation)));
}

const key = (violation: Violation) => `${violation.id} ${violation.targets.join(" ")}`;

async function runAxe(page: Page): Promise<Violation[]> {
  // Best effort: a request the file's shared server answers late (busy with another file's work)
  // kept the network from idling for 30 s once in a full run; the second look drops what is passing.
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  // A colour or opacity transition still running (a button fading in after loading) is not what the reader gets.
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Infinity) // a spinner never ends
    .map((a) => a.finished.catch(() => undefined))));
  if (!(await page.evaluate("typeof window.axe !== 'undefined'"))) await page.evaluate(AXE);
  return page.evaluate(`axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  })))`);
}
