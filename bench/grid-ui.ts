/**
 * `npm run bench:grid-ui`: data mode's grid on a 1,000,000-row form in headless Chromium
 * (desktop 1440×900, no throttling), each figure beside the Data API's own time for the same
 * read in the same run.
 *
 * 1. bench:grid's scaffolding: a scratch PostgreSQL database, the real server on it, an owner
 *    with an organization, a project and its 20-field form (grid-server.ts), 1M rows loaded
 *    into the form's table with every index in place, then `VACUUM ANALYZE` (grid-data.ts).
 * 2. In Chromium, signed in as the owner (grid-ui-browser.ts; its probe times frames in the
 *    page), after two throwaway loads that warm the server (grid-ui-measure.ts):
 *    - opening `data/responses`: navigation start → the frame that paints the first row,
 *      cold (a fresh context per load) and warm (the same page loaded again), and warm with a
 *      filter in the URL;
 *    - Next page, a filter typed into the Filter popover (age equals N: each value another
 *      first row), a sort by a header click on columns with a btree (Email, Phone) and on
 *      `text` fields (Name, City, which have none): the event → the frame whose first row
 *      (its `#` key) differs. The filter is applied 500 ms after typing stops by design, so it is
 *      reported twice: from the keystroke, and from its read leaving (after the debounce).
 *    Every sample also times the grid's read of rows (resource timing) and the same GET with
 *    `fetch` from the page right after it.
 * 3. p50 of BENCH_RUNS (10) samples per measure after one warm-up action; goals: first rows
 *    within 1.5 s of navigation, paging, filter (after its debounce) and sort within 500 ms.
 *
 * Rows go to bench/RESULTS.md (`bench:grid-ui`). BENCH_DATABASE_URL names the PostgreSQL server
 * for the scratch database; BENCH_ROWS (1,000,000) shrinks the table for a trial, which is not recorded.
 */
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import type { Browser, Locator } from "playwright-core";
import { GRID_FORM, loadRows, ROWS } from "./grid-data";
import { percentile } from "./grid-measure";
import { createBenchProject, startScratchServer, type BenchProject } from "./grid-server";
import type { WaterfallEntry } from "./grid-ui-browser";
import { clickHeader, coldLoads, measureActions, nextPage, openFilter, warmLoads, type GridPage, type LoadSample, type Sample } from "./grid-ui-measure";
import { launch } from "./mobile-browser";
import { appendResultRow, currentCommit, resultDate } from "./results";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const WARMUP = 1;
const ROOT = new URL("..", import.meta.url).pathname;
const GOAL = { load: 1500, action: 500 };
/** The filter typed: `age` equals 20, 21, … (one value per action, so each has another first row). */
const FILTER = { column: "age", operator: "eq", first: 20 };
/** The URL filter of the warm filtered loads. */
const URL_FILTER = "?filter=age.eq.42";
/**
 * Headers clicked in turn, each twice (ascending, then descending), all on screen at 1440 px:
 * columns with a (column, id) btree, and `text` fields, which have only a trigram index.
 */
const SORT_INDEXED = ["Email", "Phone"];
const SORT_TEXT = ["Name", "City"];

const ms = (value: number) => value.toFixed(0);

interface Measure {
  name: string;
  samples: Sample[];
  /** Which figure the goal reads, and the goal; none for the filter counted from the keystroke. */
  goal: number | null;
  /** The filter after its debounce: its time on screen counts from the read leaving. */
  fromRead?: boolean;
}

const onScreen = (m: Measure) => m.samples.map((s) => (m.fromRead ? s.screen - s.leaves : s.screen));
const p50 = (values: number[]) => percentile(values, 50);

function verdict(m: Measure): string {
  if (m.goal === null) return "(debounce by design)";
  return p50(onScreen(m)) <= m.goal ? `ok (≤ ${m.goal})` : `MISS (> ${m.goal})`;
}

function figures(m: Measure) {
  const s = m.samples;
  return {
    screen: ms(p50(onScreen(m))), max: ms(Math.max(...onScreen(m))),
    leaves: m.fromRead ? "0" : ms(p50(s.map((x) => x.leaves))), request: ms(p50(s.map((x) => x.request))),
    render: ms(p50(s.map((x) => x.render))), api: ms(p50(s.map((x) => x.api))),
  };
}

function printMeasures(measures: Measure[]) {
  console.log(`\nbench:grid-ui — ${ROWS.toLocaleString("en")} rows, Chromium 1440×900, p50 of ${RUNS} after ${WARMUP} warm-up (milliseconds)`);
  console.log(`${"measure".padEnd(56)} ${"screen".padStart(7)} ${"max".padStart(6)} ${"leaves".padStart(7)} ${"read".padStart(6)} ${"render".padStart(7)} ${"API".padStart(6)}  goal`);
  for (const m of measures) {
    const f = figures(m);
    console.log(`${m.name.padEnd(56)} ${f.screen.padStart(7)} ${f.max.padStart(6)} ${f.leaves.padStart(7)} ${f.request.padStart(6)} ${f.render.padStart(7)} ${f.api.padStart(6)}  ${verdict(m)}`);
  }
  console.log(`screen: the action (navigation start, click, keystroke; for "after the debounce" the read leaving) → the frame painting the new first row;
leaves: → the grid's GET of rows starting; read: that GET, start → last byte; render: its last byte → that frame;
API: the same GET with fetch from the page right after, start → parsed JSON.`);
}

/** What the median cold load waited for: its requests and its main-thread tasks over 50 ms, in time order. */
function printWaterfall(sample: LoadSample) {
  const busy = sample.longTasks.reduce((sum, t) => sum + t.duration, 0);
  console.log(`\nThe median cold load, first rows painted at ${ms(sample.screen)} ms (${ms(busy)} ms in tasks over 50 ms before them):`);
  const lines = [
    ...sample.waterfall.filter((e: WaterfallEntry) => e.start < sample.screen).map((e) => ({
      at: e.start, text: `${ms(e.start).padStart(5)} → ${ms(e.end).padStart(5)} ms  ${e.kB.toFixed(1).padStart(6)} kB  ${e.path.length > 90 ? `${e.path.slice(0, 87)}…` : e.path}`,
    })),
    ...sample.longTasks.map((t) => ({ at: t.start, text: `${ms(t.start).padStart(5)} → ${ms(t.start + t.duration).padStart(5)} ms  main-thread task of ${ms(t.duration)} ms` })),
  ].sort((a, b) => a.at - b.at);
  for (const line of lines) console.log(`  ${line.text}`);
}

/** The middle sample by time on screen. */
const median = <T extends Sample>(samples: T[]) => [...samples].sort((a, b) => a.screen - b.screen)[Math.floor(samples.length / 2)]!;

async function formDocument(baseUrl: string, project: BenchProject) {
  const response = await fetch(`${baseUrl}/private/editor/forms/${project.form_id}`, { headers: { cookie: project.cookie } });
  const answer = (await response.json()) as { data: { document_id: string; table_name: string } | null };
  if (!answer.data) throw new Error(`GET /private/editor/forms/${project.form_id}: ${response.status}`);
  return answer.data;
}

async function measureAll(browser: Browser, grid: GridPage): Promise<{ measures: Measure[]; cold: LoadSample[] }> {
  await coldLoads(browser, grid, 2);
  const cold = await coldLoads(browser, grid, RUNS);
  console.log(`cold loads: ${cold.map((s) => ms(s.screen)).join(", ")} ms`);
  const warm = await warmLoads(browser, grid, RUNS);
  console.log(`warm loads: ${warm.map((s) => ms(s.screen)).join(", ")} ms`);
  const filteredLoads = await warmLoads(browser, grid, RUNS, URL_FILTER);
  console.log(`warm loads with ${URL_FILTER}: ${filteredLoads.map((s) => ms(s.screen)).join(", ")} ms`);
  const paging = await measureActions(browser, grid, WARMUP, RUNS, (page) => nextPage(page));
  console.log(`next page: ${paging.map((s) => `${s.key} ${ms(s.screen)}`).join(", ")} ms`);
  let value: Locator | undefined;
  const filter = await measureActions(browser, grid, WARMUP, RUNS,
    (_page, i) => value!.fill(String(FILTER.first + i)),
    async (page) => { value = await openFilter(page, FILTER.column, FILTER.operator); });
  console.log(`filter: ${filter.map((s) => `${s.key} ${ms(s.screen)}`).join(", ")} ms`);
  const orderOf = (s: Sample) => new URL(s.url).searchParams.get("order");
  const sortBy = async (headers: string[]) => {
    const samples = await measureActions(browser, grid, WARMUP, RUNS, (page, i) => clickHeader(page, headers[Math.floor(i / 2) % headers.length]!));
    console.log(`sort by ${headers.join(", ")}: ${samples.map((s) => `${orderOf(s)} ${ms(s.screen)} (API ${ms(s.api)})`).join(", ")} ms`);
    return samples;
  };
  const sortIndexed = await sortBy(SORT_INDEXED);
  const sortText = await sortBy(SORT_TEXT);
  return {
    cold,
    measures: [
      { name: "open data/responses, cold (fresh context)", samples: cold, goal: GOAL.load },
      { name: "open data/responses, warm (same page again)", samples: warm, goal: GOAL.load },
      { name: `open data/responses${URL_FILTER}, warm`, samples: filteredLoads, goal: GOAL.load },
      { name: "Next page (click)", samples: paging, goal: GOAL.action },
      { name: `filter ${FILTER.column} ${FILTER.operator} N, from the keystroke`, samples: filter, goal: null },
      { name: `filter ${FILTER.column} ${FILTER.operator} N, after the 500 ms debounce`, samples: filter, goal: GOAL.action, fromRead: true },
      { name: `sort by header click: ${SORT_INDEXED.join(", ")} (btree)`, samples: sortIndexed, goal: GOAL.action },
      { name: `sort by header click: ${SORT_TEXT.join(", ")} (text, no btree)`, samples: sortText, goal: GOAL.action },
    ],
  };
}

function record(label: string[], measures: Measure[]) {
  const section = {
    name: "bench:grid-ui",
    intro: `\`npm run bench:grid-ui\`: data mode's grid (\`/{org}/{project}/{document_id}/data/responses\`) on bench:grid's form
table of 1,000,000 rows, in headless Chromium at 1440×900 without throttling, signed in as the owner, server warm
(PostgreSQL). p50 of ${RUNS} samples per measure (for actions after one warm-up). **screen** is the time from the action to
the first frame whose grid paints the new first row (for *open*, from navigation start to the first frame showing a
first data row with its \`#\` key; for actions, from the click or keystroke event to the frame whose first row's key
differs); **max** the slowest sample. The same time is split at the grid's GET of rows (resource timing): **leaves**
is the action → the GET starting, **read** the GET from start to last byte, **render** its last byte → the painted
frame. **API** is the same GET (same URL and headers) sent with \`fetch\` from the page right after the sample, start
to parsed JSON: the Data API's own time in the same run. *cold* opens each load in a fresh browser context (empty
HTTP cache); *warm* loads the same page again. The filter (age equals 20, 21, …, typed into the Filter popover) is
applied 500 ms after typing stops by design, so it has two lines: one timed from the keystroke, one from its GET leaving.
The sorts click headers in turn, each twice (ascending, descending): Email and Phone have a \`(column, id)\` btree,
Name and City (\`text\` fields) only a trigram index. Goals: first rows within 1,500 ms of navigation; paging, the
filter after its debounce and the sorts within 500 ms.`,
    columns: ["date", "commit", "machine", "rows", "measure", "screen p50 ms", "max ms", "leaves ms", "read ms", "render ms", "API ms", "goal"],
  };
  for (const m of measures) {
    const f = figures(m);
    appendResultRow(section, [...label, ROWS, m.name, f.screen, f.max, f.leaves, f.request, f.render, f.api, verdict(m)]);
  }
}

async function main() {
  const label = [resultDate(), currentCommit(), `${cpus().length} cores`];
  if (spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { cwd: ROOT, stdio: "inherit" }).status !== 0) {
    throw new Error("the web build failed");
  }
  const started = performance.now();
  const server = await startScratchServer(ADMIN_URL);
  let browser: Browser | undefined;
  const stop = () => void Promise.allSettled([browser?.close(), server.close()]).finally(() => process.exit(130));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    const project = await createBenchProject(server.baseUrl, GRID_FORM);
    const form = await formDocument(server.baseUrl, project);
    console.log(`loading ${ROWS.toLocaleString("en")} rows into form_data."${form.table_name}" with its indexes…`);
    const load = await loadRows(server.databaseUrl, project.form_id, form.table_name);
    console.log(`load: insert ${load.insert.toFixed(0)} s, vacuum analyze ${load.vacuum.toFixed(0)} s`);

    browser = await launch();
    const grid: GridPage = { baseUrl: server.baseUrl, cookie: project.cookie, path: `${project.path}/${form.document_id}/data/responses` };
    console.log(`measuring ${grid.baseUrl}${grid.path} (load average ${loadavg().map((l) => l.toFixed(1)).join(" ")})`);
    const { measures, cold } = await measureAll(browser, grid);
    printMeasures(measures);
    console.log(`load average after the measures: ${loadavg().map((l) => l.toFixed(1)).join(" ")} (2 cores shared with other work)`);
    printWaterfall(median(cold));
    if (ROWS === 1_000_000) record(label, measures);
    else console.log(`\n(a trial of ${ROWS} rows: not recorded in bench/RESULTS.md)`);
    console.log(`\nwhole run ${((performance.now() - started) / 60_000).toFixed(1)} min`);
  } finally {
    await browser?.close();
    await server.close();
  }
}

await main();
