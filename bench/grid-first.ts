/**
 * bench:grid with lazy indexes (issue 20 item 5): the table is loaded with no column index,
 * so the first read of each shape runs without one (and queues its build); this times those
 * first reads, one per value, then waits until the server's builds are done (no
 * `create index` running and the table's index count steady), timing the wait. The shapes
 * are then measured as before, on the built indexes.
 */
import type pg from "pg";
import { PAGE_ROWS, type Shape } from "./grid-shapes";
import type { GridTarget } from "./grid-measure";

export interface FirstRead { shape: Shape; value: string; ms: number; status: number }

export async function measureFirstReads(target: GridTarget, shapes: Shape[]): Promise<FirstRead[]> {
  const reads: FirstRead[] = [];
  for (const shape of shapes) {
    for (const value of shape.values) {
      const query = [shape.query(value), `limit=${PAGE_ROWS}`].filter(Boolean).join("&");
      const started = performance.now();
      const response = await fetch(`${target.url}?${query}`, {
        headers: { authorization: `Bearer ${target.token}`, prefer: "count=estimated", accept: "application/json" },
      });
      await response.text();
      reads.push({ shape, value, ms: performance.now() - started, status: response.status });
    }
  }
  return reads;
}

/** Waits until no index is being built on `table` and its index count held for 3 s; answers the seconds waited and the count. */
export async function waitForBuilds(pool: pg.Pool, table: string): Promise<{ seconds: number; indexes: number }> {
  const started = performance.now();
  let last = -1;
  let steady = 0;
  for (;;) {
    const { rows: [state] } = await pool.query<{ building: string; indexes: string }>(`
      select (select count(*) from pg_stat_progress_create_index p where p.relid = $1::regclass) as building,
        (select count(*) from pg_index where indrelid = $1::regclass) as indexes`, [`form_data."${table}"`]);
    const indexes = Number(state!.indexes);
    steady = Number(state!.building) === 0 && indexes === last ? steady + 1 : 0;
    last = indexes;
    if (steady >= 3) return { seconds: (performance.now() - started) / 1000 - 3, indexes };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
