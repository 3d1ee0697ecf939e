/**
 * Data mode driven through the page, on a form with 300 answers: filters on two columns of
 * different formats, a sort on two columns, text search, page size and page, a reload that
 * finds the same view, cell edits (one refused), bulk delete, the export compared with the
 * Data API's answer for the same query, a new answer from another tab arriving live, and the
 * record and customer panels. axe checks the pages on the way. A signature cell opens its
 * image (read only, Clear) and a canvas cell a drawing of the sketch, never their raw text.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { callPrivate, signUpInBrowser, useServerAndBrowser } from "./session";
import { axeViolations } from "./axe";

const NAMES = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth"];
const ROLES = ["engineer", "designer", "operations", "founder"];
const PLANS = ["free", "team", "enterprise"];

interface Seeded { full_name: string; email: string; team_size: number; role: string; plan: string }
const seeded: Seeded[] = Array.from({ length: 300 }, (_, i) => ({
  full_name: `${NAMES[i % 6]} ${i}`, email: `person${i}@example.com`, team_size: ((i * 37) % 500) + 1, role: ROLES[i % 4]!, plan: PLANS[i % 3]!,
}));

/** A call to the member Data API from the page (its cookie and CSRF token). */
async function rest(page: Page, project_id: string, path: string, init: { method?: string; body?: unknown; accept?: string } = {}) {
  return page.evaluate(async ([project_id, path, init]) => {
    const me = (await (await fetch("/private/editor/me")).json()) as { data: { csrf_token: string } };
    const response = await fetch(`/private/editor/projects/${project_id}/rest/v1/${path}`, {
      method: init.method ?? "GET",
      headers: { "Content-Type": "application/json", "x-fieldwork-csrf": me.data.csrf_token, Accept: init.accept ?? "application/json", Prefer: "return=minimal" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, text: await response.text() };
  }, [project_id, path, init] as const);
}

describe.skipIf(!CHROMIUM_AVAILABLE)("data mode in Chromium", () => {
  const env = useServerAndBrowser();

  async function columnIndex(page: Page, header: string): Promise<string> {
    return (await page.getByRole("columnheader", { name: header, exact: true }).getAttribute("aria-colindex"))!;
  }
  const cell = (page: Page, row: number, col: string) => page.locator(`[role="row"][aria-rowindex="${row + 1}"] [role="gridcell"][aria-colindex="${col}"]`);
  const countLabel = (page: Page) => page.getByTestId("row-count").textContent();

  it("filters, sorts, searches, pages, reloads, edits, deletes, exports, and shows a new answer live", async () => {
    const context = await env.browser.newContext({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await signUpInBrowser(page, env.server, { name: "Ada Owner", email: `grid-${Date.now().toString(36)}@example.com` });
    const org = await callPrivate(page, "POST", "/organizations", { name: "grid-org", display_name: "Grid Research" });
    const project = await callPrivate(page, "POST", `/organizations/${org.id}/projects`, { name: "survey" });
    const file = join(env.server.dataDir, "form.json");
    writeFileSync(file, readFileSync(new URL("../packages/server/src/seed/demo-form.json", import.meta.url)));
    const { id: form_id } = JSON.parse(env.server.cli(["forms", "import", file, "--project", project.id])) as { id: string };
    const documents = await callPrivate<{ id: string; form_id: string | null }[]>(page, "GET", `/projects/${project.id}/documents`);
    const document = documents.find((d) => d.form_id === form_id)!;
    const form = await callPrivate<{ table_name: string }>(page, "GET", `/forms/${form_id}`);
    const seed = seeded.map((row) => ({ ...row, accept_terms: true }));
    expect((await rest(page, project.id, form.table_name, { method: "POST", body: seed })).status).toBe(201);

    const base = `${env.server.url}/grid-org/survey/${document.id}/data/responses`;
    await page.goto(base);
    await expect.poll(() => countLabel(page), { timeout: 20_000 }).toBe("300 rows"); // the first page load and count
    const name = await columnIndex(page, "Full name");
    const email = await columnIndex(page, "Email");
    expect(await cell(page, 1, name).textContent()).toBe("Ada Lovelace 0");
    await expect.poll(() => violations(page)).toEqual([]);

    // Two filters of different formats: a number and a text (radio) column.
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByRole("button", { name: "Add filter" }).click();
    await page.getByLabel("Column").selectOption({ label: "Team size" });
    await page.getByLabel("Operator").selectOption("gt");
    await page.getByLabel("Value").fill("250");
    await page.getByRole("button", { name: "Add filter" }).click();
    await page.getByLabel("Column").nth(1).selectOption({ label: "Plan" });
    await page.getByLabel("Operator").nth(1).selectOption("eq");
    await expect.poll(() => page.locator("[data-incomplete]").count()).toBe(1); // the second has no value yet: incomplete
    await page.getByLabel("Value").nth(1).fill("team");
    const filtered = seeded.filter((r) => r.team_size > 250 && r.plan === "team");
    await expect.poll(() => countLabel(page)).toBe(`${filtered.length} rows`);
    await page.keyboard.press("Escape");

    // Two sorts: role ascending, then team size descending.
    await page.getByRole("button", { name: "Sort" }).click();
    await page.getByLabel("Add sort column").selectOption({ label: "Your role" });
    await page.getByLabel("Add sort column").selectOption({ label: "Team size" });
    await page.getByLabel("Direction of Team size").selectOption("desc");
    await page.keyboard.press("Escape");
    const sorted = [...filtered].sort((a, b) => a.role.localeCompare(b.role) || b.team_size - a.team_size);
    await expect.poll(() => cell(page, 1, name).textContent()).toBe(sorted[0]!.full_name);

    // Text search over all rows, on top of the filters; then cleared.
    const search = page.getByRole("searchbox", { name: "Search all rows" });
    await search.fill("Hopper");
    const hoppers = sorted.filter((r) => r.full_name.startsWith("Grace Hopper"));
    expect(hoppers.length).toBeGreaterThan(1);
    await expect.poll(() => countLabel(page)).toBe(`${hoppers.length} ${hoppers.length === 1 ? "row" : "rows"}`);
    expect(await cell(page, 1, name).textContent()).toBe(hoppers[0]!.full_name);
    await search.fill("hopp"); // the last word matches as a prefix
    await expect.poll(() => countLabel(page)).toBe(`${hoppers.length} ${hoppers.length === 1 ? "row" : "rows"}`);
    await search.fill("");
    await expect.poll(() => countLabel(page)).toBe(`${filtered.length} rows`);

    // Ten rows a page, the second page.
    await page.getByLabel("Rows per page").selectOption("10");
    await page.getByRole("button", { name: "Next page" }).click();
    await expect.poll(() => cell(page, 1, name).textContent()).toBe(sorted[10]!.full_name);
    expect(await page.getByLabel("Page", { exact: true }).inputValue()).toBe("2");
    await page.getByLabel("Page", { exact: true }).fill("999");
    await page.getByLabel("Page", { exact: true }).press("Enter");
    expect(await page.getByLabel("Page", { exact: true }).inputValue()).toBe("2"); // out of range: refused

    // A reload finds the same view.
    const view = page.url();
    expect(new URL(view).searchParams.getAll("filter")).toEqual(["team_size.gt.250", "plan.eq.team"]);
    await page.reload();
    await expect.poll(() => cell(page, 1, name).textContent()).toBe(sorted[10]!.full_name);
    // The count is a read of its own and may come after the rows ("Counting…" until then).
    await expect.poll(() => countLabel(page)).toBe(`${filtered.length} rows`);
    expect(await page.getByRole("button", { name: "Filtered by 2 rules" }).isVisible()).toBe(true);

    // Edit a cell; then a value the field refuses.
    await openEditor(page, cell(page, 1, name), "Edit Full name");
    await page.getByRole("textbox", { name: "Edit Full name" }).fill("Katherine Johnson");
    await page.getByRole("textbox", { name: "Edit Full name" }).press("Enter");
    await expect.poll(() => cell(page, 1, name).textContent()).toBe("Katherine Johnson");
    const edited = await rest(page, project.id, `${form.table_name}?select=full_name&email=eq.${encodeURIComponent(sorted[10]!.email)}`);
    expect(JSON.parse(edited.text)).toEqual([{ full_name: "Katherine Johnson" }]);
    // The edit above reads the page again (its own write arrives live too): a double-click during that render can be lost.
    await openEditor(page, cell(page, 1, email), "Edit Email");
    await page.getByRole("textbox", { name: "Edit Email" }).fill("not an email");
    await page.getByRole("textbox", { name: "Edit Email" }).press("Enter");
    const refusal = page.getByRole("alert").filter({ hasText: "Email: not an email address" });
    await expect.poll(() => refusal.isVisible()).toBe(true);
    // The reason is readable: painted on top outside the grid (which clips its cells), in the viewport, and announced.
    expect(await refusal.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = el.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { inGrid: el.closest("[role=grid]") !== null, onTop: hit !== null && el.contains(hit), inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth, live: el.getAttribute("aria-live") };
    })).toEqual({ inGrid: false, onTop: true, inView: true, live: "assertive" });
    await page.getByRole("textbox", { name: "Edit Email" }).press("Escape");
    expect(await cell(page, 1, email).textContent()).toBe(sorted[10]!.email);

    // Delete two rows.
    await page.locator('[role="row"][aria-rowindex="3"]').getByRole("checkbox", { name: "Select" }).check();
    await page.locator('[role="row"][aria-rowindex="4"]').getByRole("checkbox", { name: "Select" }).check();
    await page.getByRole("button", { name: "Delete 2 rows" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => countLabel(page)).toBe(`${filtered.length - 2} rows`);
    const gone = [sorted[11]!.email, sorted[12]!.email];
    const left = await rest(page, project.id, `${form.table_name}?select=email&email=in.(${gone.join(",")})`);
    expect(JSON.parse(left.text)).toEqual([]);

    // Export the view (every page) and compare it with the Data API's answer to the same query.
    await page.getByRole("button", { name: "Export" }).click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "CSV" }).click()]);
    const csv = readFileSync((await download.path())!, "utf8");
    const header = csv.split("\n")[0]!;
    expect(header.split(",").slice(0, 4)).toEqual(["id", "local_index", "created_at", "full_name"]);
    const api = await rest(page, project.id, `${form.table_name}?team_size=gt.250&plan=eq.team&order=role.asc,team_size.desc&select=${header}`, { accept: "text/csv" });
    expect(csv).toBe(api.text);
    expect(csv.trim().split("\n")).toHaveLength(filtered.length - 2 + 1);

    // A new answer from another tab appears without a reload; the selection and scroll stay.
    // The plain address brings back this document's remembered filters and sort (localStorage); clear them.
    await page.goto(base);
    await expect.poll(() => page.getByRole("button", { name: "Filtered by 2 rules" }).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole("button", { name: "Filtered by 2 rules" }).click();
    await page.getByRole("button", { name: "Clear all" }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Sorted by 2 columns" }).click();
    await page.getByRole("button", { name: "Remove sort on Your role" }).click();
    await page.getByRole("button", { name: "Remove sort on Team size" }).click();
    await page.keyboard.press("Escape");
    await page.getByLabel("Rows per page").selectOption("1000");
    await expect.poll(() => countLabel(page)).toBe("298 rows");
    const grid = page.getByRole("grid");
    await expect.poll(() => grid.getAttribute("aria-rowcount")).toBe("299"); // the last read's rows: all 298 and the header
    const chosen = page.locator('[role="row"][aria-rowindex="2"]');
    const chosenKey = (await chosen.locator('[aria-colindex="2"]').textContent())!;
    await chosen.getByRole("checkbox", { name: "Select" }).check();
    await grid.evaluate((el) => el.scrollTo({ top: 600 }));
    const visitor = await env.browser.newPage();
    await visitor.goto(`${env.server.url}/d/e/${form_id}`);
    await fillAndSubmit(visitor, "Ada Live");
    await expect.poll(() => countLabel(page), { timeout: 5000 }).toBe("299 rows");
    await expect.poll(() => grid.getAttribute("aria-rowcount")).toBe("300"); // 299 rows and the header
    expect(await grid.evaluate((el) => el.scrollTop)).toBe(600);
    await grid.evaluate((el) => el.scrollTo({ top: 0 }));
    const again = page.locator('[role="row"]', { has: page.locator('[aria-colindex="2"]', { hasText: new RegExp(`^${chosenKey}$`) }) });
    expect(await again.getByRole("checkbox", { name: "Select" }).isChecked()).toBe(true);
    await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => page.getByText("Ada Live").count()).toBeGreaterThan(0);
    await visitor.close();

    // The new record and its customer.
    const row = page.getByRole("row").filter({ hasText: "Ada Live" });
    await row.hover();
    await row.getByRole("button", { name: /^Open #/ }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Response 301" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Show info" }).click();
    await page.getByRole("button", { name: "More about this customer" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Customer" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Fieldwork launch survey").first().isVisible()).toBe(true);
    await expect.poll(() => violations(page)).toEqual([]);

    // Sessions and customers are read only; Analytics counts the answers.
    await page.getByRole("link", { name: "Sessions" }).click();
    await expect.poll(() => page.getByText("Read only").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Add record" }).count()).toBe(0);
    await cell(page, 1, "3").dblclick();
    await expect.poll(() => page.getByText("Sessions are read only.").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Customers" }).click();
    await expect.poll(() => countLabel(page)).toBe("1 row");
    await expect.poll(() => violations(page)).toEqual([]);
    await page.getByRole("link", { name: "Realtime" }).click();
    await expect.poll(() => page.getByText("299").first().isVisible()).toBe(true);
    await expect.poll(() => violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("counts a table past the planner's estimate exactly, pages to its last row, searches by prefix and says when nothing matched", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUpInBrowser(page, env.server, { name: "Big Owner", email: `big-${Date.now().toString(36)}@example.com` });
    const org = await callPrivate(page, "POST", "/organizations", { name: "big-org", display_name: "Big" });
    const project = await callPrivate(page, "POST", `/organizations/${org.id}/projects`, { name: "big" });
    const { id: form_id } = await callPrivate(page, "POST", `/projects/${project.id}/forms`, {
      title: "Big", fields: [{ name: "label", type: "text", label: "Label" }], blocks: [],
    });
    const form = await callPrivate<{ table_name: string }>(page, "GET", `/forms/${form_id}`);
    // 10,005 rows, never analyzed: the planner's figure for the table is a guess, and past the old
    // 10,000-row bound the pager showed it as the total (and stopped before the last rows).
    const TOTAL = 10_005;
    for (let start = 0; start < TOTAL; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, TOTAL - start) }, (_, k) => ({ label: `${(start + k) % 2 ? "Hopper" : "Turing"} ${start + k}` }));
      expect((await rest(page, project.id, form.table_name, { method: "POST", body: rows })).status).toBe(201);
    }
    const documents = await callPrivate<{ id: string; form_id: string | null }[]>(page, "GET", `/projects/${project.id}/documents`);
    const document = documents.find((d) => d.form_id === form_id)!;
    await page.goto(`${env.server.url}/big-org/big/${document.id}/data/responses?limit=1000`);
    await expect.poll(() => countLabel(page), { timeout: 20_000 }).toBe("10,005 rows"); // a busy machine: the first read of 10,005 rows
    const pageInput = page.getByLabel("Page", { exact: true });
    await pageInput.fill("11");
    await pageInput.press("Enter");
    await expect.poll(() => page.getByRole("grid").getAttribute("aria-rowcount"), { timeout: 20_000 }).toBe("6"); // the last 5 rows and the header
    expect(await page.getByText("of 11", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Next page" }).isDisabled()).toBe(true);

    const search = page.getByRole("searchbox", { name: "Search all rows" });
    await search.fill("hopp");
    await expect.poll(() => countLabel(page), { timeout: 20_000 }).toBe("5,002 rows");
    await search.fill("hopp zzzz");
    const empty = page.getByRole("status").filter({ hasText: "No rows match “hopp zzzz”." });
    await expect.poll(() => empty.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole("heading", { name: "Nothing matched" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect.poll(() => countLabel(page), { timeout: 20_000 }).toBe("10,005 rows");
    expect(await search.inputValue()).toBe("");
    await context.close();
  }, 180_000);

  it("opens a signature as its image with Clear, a sketch as its drawing with Edit JSON, JSON in its editor, each usable in a grid of one row; Clear stores null", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await signUpInBrowser(page, env.server, { name: "Sig Owner", email: `sig-${Date.now().toString(36)}@example.com` });
    const org = await callPrivate(page, "POST", "/organizations", { name: "sig-org", display_name: "Signatures" });
    const project = await callPrivate(page, "POST", `/organizations/${org.id}/projects`, { name: "sig" });
    const { id: form_id } = await callPrivate(page, "POST", `/projects/${project.id}/forms`, {
      title: "Signed", fields: [{ name: "sign", type: "signature", label: "Sign" }, { name: "sketch", type: "canvas", label: "Drawing" }, { name: "details", type: "json", label: "Meta" }], blocks: [],
    });
    const form = await callPrivate<{ table_name: string }>(page, "GET", `/forms/${form_id}`);
    const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
    const sketch = { width: 800, height: 500, layers: [
      { type: "rect", name: "Sky", x: 0, y: 0, w: 800, h: 300, fill: "#cfe8ff", stroke: "#cfe8ff", stroke_width: 0 },
      { type: "ellipse", name: "Sun", x: 600, y: 60, w: 110, h: 110, fill: "#ffd23f", stroke: "#f4a300", stroke_width: 4 },
    ] };
    expect((await rest(page, project.id, form.table_name, { method: "POST", body: [{ sign: png, sketch }] })).status).toBe(201);
    const documents = await callPrivate<{ id: string; form_id: string | null }[]>(page, "GET", `/projects/${project.id}/documents`);
    const document = documents.find((d) => d.form_id === form_id)!;
    await page.goto(`${env.server.url}/sig-org/sig/${document.id}/data/responses`);
    await expect.poll(() => countLabel(page), { timeout: 20_000 }).toBe("1 row");
    const sign = await columnIndex(page, "Sign");
    const drawing = await columnIndex(page, "Drawing");
    expect(await cell(page, 1, drawing).textContent()).toBe("Sketch, 2 layers");

    await cell(page, 1, drawing).dblclick();
    const sketchDialog = page.getByRole("dialog", { name: "Drawing (sketch)" });
    await expect.poll(() => sketchDialog.isVisible()).toBe(true);
    expect(await sketchDialog.getByRole("img", { name: "Drawing: 2 layers" }).isVisible()).toBe(true);
    expect(await sketchDialog.locator("textarea").count()).toBe(0);
    await sketchDialog.getByRole("button", { name: "Edit JSON" }).click();
    const json = page.getByRole("textbox", { name: "Drawing JSON" });
    expect(JSON.parse(await json.inputValue())).toEqual(sketch);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // The JSON editor opens over the grid too: inside the grid's box, a grid of one row clips an editor and takes its clicks.
    await cell(page, 1, await columnIndex(page, "Meta")).dblclick();
    await page.getByRole("textbox", { name: "Meta JSON" }).fill('{"seats": 2}');
    await page.getByRole("dialog", { name: "Edit Meta (JSON)" }).getByRole("button", { name: "Save" }).click();
    await expect.poll(async () => JSON.parse((await rest(page, project.id, `${form.table_name}?select=details`)).text)).toEqual([{ details: { seats: 2 } }]);

    await cell(page, 1, sign).dblclick();
    const signDialog = page.getByRole("dialog", { name: "Sign (signature)" });
    await expect.poll(() => signDialog.isVisible()).toBe(true);
    expect(await signDialog.getByRole("img").getAttribute("src")).toBe(png);
    expect(await signDialog.getByRole("textbox").count()).toBe(0);
    await expect.poll(() => violations(page)).toEqual([]);
    await signDialog.getByRole("button", { name: "Clear" }).click();
    await expect.poll(() => cell(page, 1, sign).textContent()).toBe("NULL");
    await expect.poll(async () => JSON.parse((await rest(page, project.id, `${form.table_name}?select=sign`)).text)).toEqual([{ sign: null }]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Double-clicks `target` until its cell editor (textbox `name`) is open: a re-render of the rows between the two clicks loses the gesture. */
async function openEditor(page: Page, target: Locator, name: string) {
  const editor = page.getByRole("textbox", { name });
  for (let attempt = 1; ; attempt++) {
    await target.dblclick();
    try {
      await editor.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function violations(page: Page) {
  return axeViolations(page);
}

async function fillAndSubmit(page: Page, name: string) {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill("live@example.com");
  await page.getByLabel("Your role").selectOption("designer");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Team", { exact: true }).check();
  await page.getByLabel("I agree to the terms").check();
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL(/\/complete/);
}
