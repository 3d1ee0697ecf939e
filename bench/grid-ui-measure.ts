/**
 * bench:grid-ui's measures, each a list of samples: opening `data/responses` (cold: a fresh
 * context per load; warm: the same page loaded again), and three actions on an open grid —
 * Next page, a filter typed in the Filter popover, a sort by a header click. Each sample
 * splits the time on screen at the grid's read of rows (resource timing of its GET) and
 * carries the same GET timed by `fetch` from the page right after: the Data API's own time.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { actionTimes, arm, firstRowAt, longTasks, rowsRequest, signedInContext, timeApi, waterfall, type WaterfallEntry } from "./grid-ui-browser";

export interface Sample {
  /** The action (or the navigation's start) → the frame that paints the new first row. */
  screen: number;
  /** The action (or the navigation's start) → the grid's read of rows leaving. */
  leaves: number;
  /** The read itself: its start → its last byte. */
  request: number;
  /** The read's last byte → the painted frame: JSON, React, the grid. */
  render: number;
  /** The same GET with `fetch` from the page, right after: its start → the parsed body. */
  api: number;
  /** The key (`#000101`) of the new first row. */
  key: string;
  /** The grid's GET of rows. */
  url: string;
}

export interface LoadSample extends Sample {
  /** Main-thread tasks over 50 ms before the first rows were painted. */
  longTasks: { start: number; duration: number }[];
  waterfall: WaterfallEntry[];
}

export interface GridPage {
  baseUrl: string;
  cookie: string;
  /** `/{org}/{project}/{document_id}/data/responses` */
  path: string;
}

async function loadSample(page: Page, url: string): Promise<LoadSample> {
  await page.goto(url, { waitUntil: "commit" });
  const painted = await firstRowAt(page);
  const read = await rowsRequest(page, 0);
  return {
    screen: painted, leaves: read.start, request: read.end - read.start, render: painted - read.end,
    api: await timeApi(page, read.url), key: await page.evaluate(() => window.__bench!.firstKey()), url: read.url,
    longTasks: (await longTasks(page)).filter((t) => t.start < painted), waterfall: await waterfall(page),
  };
}

/** `runs` loads, each in a fresh context: an empty HTTP cache, no open connection, the server warm. */
export async function coldLoads(browser: Browser, grid: GridPage, runs: number, search = ""): Promise<LoadSample[]> {
  const samples: LoadSample[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await signedInContext(browser, grid.baseUrl, grid.cookie);
    try {
      samples.push(await loadSample(await context.newPage(), `${grid.baseUrl}${grid.path}${search}`));
    } finally {
      await context.close();
    }
  }
  return samples;
}

/** One load to fill the caches, then `runs` loads of the same page in the same context. */
export async function warmLoads(browser: Browser, grid: GridPage, runs: number, search = ""): Promise<LoadSample[]> {
  const context = await signedInContext(browser, grid.baseUrl, grid.cookie);
  try {
    const page = await context.newPage();
    await loadSample(page, `${grid.baseUrl}${grid.path}`);
    const samples: LoadSample[] = [];
    for (let i = 0; i < runs; i++) samples.push(await loadSample(page, `${grid.baseUrl}${grid.path}${search}`));
    return samples;
  } finally {
    await context.close();
  }
}

/** One action: the first row before, the action, the frame with another first row, the read between. */
async function actionSample(page: Page, act: () => Promise<void>): Promise<Sample> {
  await arm(page);
  await act();
  const { input, painted, key } = await actionTimes(page);
  const read = await rowsRequest(page, input);
  const api = await timeApi(page, read.url);
  // Let the count beside the read (a HEAD) land before the next action.
  await page.waitForTimeout(300);
  return { screen: painted - input, leaves: read.start - input, request: read.end - read.start, render: painted - read.end, api, key, url: read.url };
}

/**
 * Opens the grid in a fresh context and runs `warmup + runs` actions; `act(i)` answers the
 * action of run i. `setup` prepares the page first (opens a popover…).
 */
export async function measureActions(
  browser: Browser, grid: GridPage, warmup: number, runs: number,
  act: (page: Page, i: number) => Promise<void>, setup?: (page: Page) => Promise<void>,
): Promise<Sample[]> {
  const context = await signedInContext(browser, grid.baseUrl, grid.cookie);
  try {
    const page = await context.newPage();
    await page.goto(`${grid.baseUrl}${grid.path}`, { waitUntil: "commit" });
    await firstRowAt(page);
    await setup?.(page);
    const samples: Sample[] = [];
    for (let i = 0; i < warmup + runs; i++) {
      const sample = await actionSample(page, () => act(page, i));
      if (i >= warmup) samples.push(sample);
    }
    return samples;
  } finally {
    await context.close();
  }
}

export const nextPage = (page: Page) => page.getByRole("button", { name: "Next page" }).click();

/** Opens Filter, adds a filter and sets it to `column` `operator`; answers its Value input. */
export async function openFilter(page: Page, column: string, operator: string): Promise<Locator> {
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await page.getByRole("button", { name: "Add filter" }).click();
  await page.getByLabel("Column", { exact: true }).selectOption(column);
  await page.getByLabel("Operator", { exact: true }).selectOption(operator);
  return page.getByLabel("Value", { exact: true });
}

/** A click on the header of the column labelled `label` (react-data-grid sorts asc, then desc, then not). */
export const clickHeader = (page: Page, label: string) => page.getByRole("columnheader", { name: label, exact: true }).click();
