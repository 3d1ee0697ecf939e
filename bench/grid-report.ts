/**
 * bench:grid's goals and console table, shared by the form-table run (grid.ts) and the
 * external-table run (grid-external.ts): p50 ≤ 20 ms and p99 ≤ 60 ms for every shape but the
 * deep page, which must stay within 1.2× its SQL.
 */
import { percentile, type ShapeResult } from "./grid-measure";

export const GOAL = { p50: 20, p99: 60, deepRatio: 1.2 };

export const ms = (value: number) => value.toFixed(1);

/** Whether a shape meets its goal, and if not, why. */
export function verdict(r: ShapeResult): { ok: boolean; text: string } {
  const [p50, p99, sql50] = [percentile(r.http, 50), percentile(r.http, 99), percentile(r.sql, 50)];
  if (r.shape.deep) {
    const ok = p50 <= GOAL.deepRatio * sql50;
    return { ok, text: ok ? "ok" : `MISS: p50 > ${GOAL.deepRatio}× SQL` };
  }
  const misses = [p50 > GOAL.p50 ? `p50 > ${GOAL.p50}` : "", p99 > GOAL.p99 ? `p99 > ${GOAL.p99}` : ""].filter(Boolean);
  return { ok: misses.length === 0, text: misses.length ? `MISS: ${misses.join(", ")}` : "ok" };
}

export function printResults(title: string, results: ShapeResult[], plain: number[]) {
  console.log(`\n${title}`);
  console.log(`${"shape".padEnd(40)} ${"HTTP p50".padStart(9)} ${"p99".padStart(7)} ${"SQL p50".padStart(9)} ${"p99".padStart(7)} ${"ratio".padStart(6)}  goal`);
  for (const r of results) {
    const [h50, h99, s50, s99] = [percentile(r.http, 50), percentile(r.http, 99), percentile(r.sql, 50), percentile(r.sql, 99)];
    console.log(`${`${r.shape.key}. ${r.shape.name}`.padEnd(40)} ${ms(h50).padStart(9)} ${ms(h99).padStart(7)} ${ms(s50).padStart(9)} ${ms(s99).padStart(7)} ${(h50 / s50).toFixed(2).padStart(6)}  ${verdict(r).text}`);
    const values = r.byValue.map((v) => `${v.value || "—"} ${ms(v.http)}/${ms(v.sql)} ms (count ${v.count})`);
    console.log(`   p50 per value, HTTP/SQL: ${values.join("; ")}`);
    if (r.mismatches.length) console.log(`   WARNING ${r.mismatches.length} answers differ from the baseline: ${r.mismatches.slice(0, 3).join("; ")}`);
  }
  console.log(`${"j′ page 5,000, plain OFFSET SQL".padEnd(40)} ${"".padStart(9)} ${"".padStart(7)} ${ms(percentile(plain, 50)).padStart(9)} ${ms(percentile(plain, 99)).padStart(7)}  (reference)`);
}
