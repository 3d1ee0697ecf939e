/**
 * A connected PostgreSQL database in Chromium (issue 24 items 2, 3 and 5): an owner connects a
 * database of the test server from the project page, sees its tables (a table without a
 * primary key marked read only), and opens one in the data workbench's grid: edits a cell
 * and watches the edit go pending → queued → resolved with the database's value, filters,
 * sorts and searches it, opens a row in the record panel and saves it, adds a row, exports
 * the view as CSV, and sees a row written into the table by hand appear without a reload. A
 * read-only table says why and takes no edit. The password is on no page.
 */
import { readFileSync } from "node:fs";
import pg from "pg";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createExternalDatabase, EXTERNAL_PASSWORD, externalAvailable } from "../packages/server/src/test/external-database";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { newFormInBrowser, shootBothSchemes, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE || !externalAvailable)("connected databases in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });

  const columnIndex = async (page: Page, header: string) => (await page.getByRole("columnheader", { name: header, exact: true }).getAttribute("aria-colindex"))!;
  const cell = (page: Page, row: number, col: string) => page.locator(`[role="row"][aria-rowindex="${row + 1}"] [role="gridcell"][aria-colindex="${col}"]`);
  const countLabel = (page: Page) => page.getByTestId("row-count").textContent();

  it("connects a database, opens a table in the workbench: cell edits to resolved, filters, record panel, export, live rows; a read-only table refuses with a reason", async () => {
    const ext = await createExternalDatabase();
    const context = await env.browser.newContext({ acceptDownloads: true, viewport: { width: 1440, height: 1000 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      const slug = `xdb-${Date.now().toString(36)}`;
      await newFormInBrowser(page, env.server, { name: "Dana Base", email: `${slug}@example.com` }, slug, "Scratch form");
      await page.goto(`${env.server.url}/${slug}/site`);

      // A connection that fails says why, without the password.
      const missing = new URL(ext.url);
      missing.pathname = "/no_such_database";
      await page.getByLabel("Connection URL").fill(missing.toString());
      await page.getByRole("button", { name: "Connect" }).click();
      await expect.poll(() => page.getByRole("alert").innerText(), { timeout: 15_000 }).toBe("The server has no database of that name.");
      expect(await page.locator("body").innerText()).not.toContain(EXTERNAL_PASSWORD); // only the owner's own (password-type) input holds it

      await page.getByLabel("Connection URL").fill(ext.url);
      await page.getByRole("button", { name: "Connect" }).click();
      const tables = page.getByRole("list", { name: "Tables" });
      await expect.poll(() => tables.getByRole("button", { name: /^books/ }).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await tables.getByRole("button", { name: /^log_lines/ }).innerText()).toContain("read only");
      expect(await page.content()).not.toContain(EXTERNAL_PASSWORD);

      // The table opens in the workbench's grid: 60 books, in key order, live.
      await tables.getByRole("button", { name: /^books/ }).click();
      await expect.poll(() => countLabel(page), { timeout: 20_000 }).toBe("60 rows");
      await expect.poll(() => page.getByRole("status", { name: "Live rows: Live" }).isVisible(), { timeout: 15_000 }).toBe(true);
      const title = await columnIndex(page, "title");
      const isbn = await columnIndex(page, "isbn");
      await expect.poll(() => cell(page, 1, title).textContent(), { timeout: 10_000 }).toBe("Book 1");

      // Edit a cell: pending → queued → resolved (the overlay goes, the database's value stays).
      await cell(page, 1, title).dblclick();
      await page.getByRole("textbox", { name: "Edit title" }).fill("Edited in the grid");
      // The row is locked by another session: the edit waits in the database, shown queued.
      const locker = new pg.Client({ connectionString: ext.url });
      await locker.connect();
      await locker.query("begin");
      await locker.query("select 1 from books where id = 1 for update");
      await page.getByRole("textbox", { name: "Edit title" }).press("Enter");
      const status = (col: string) => cell(page, 1, col).locator("[data-tx-status]");
      await expect.poll(() => status(title).getAttribute("data-tx-status"), { timeout: 10_000 }).toBe("queued");
      await expect.poll(() => cell(page, 1, title).textContent(), { timeout: 10_000 }).toBe("Edited in the grid");
      // A second edit waits its turn, pending, while the first is in the database.
      await cell(page, 1, isbn).dblclick();
      await page.getByRole("textbox", { name: "Edit isbn" }).fill("isbn-new");
      await page.getByRole("textbox", { name: "Edit isbn" }).press("Enter");
      await expect.poll(() => status(isbn).getAttribute("data-tx-status"), { timeout: 10_000 }).toBe("pending");
      expect(await cell(page, 1, isbn).textContent()).toBe("isbn-new");
      expect(await status(title).getAttribute("data-tx-status")).toBe("queued");
      await locker.query("commit");
      await locker.end();
      await expect.poll(() => status(isbn).count(), { timeout: 10_000 }).toBe(0);
      expect(await status(title).count()).toBe(0);
      await expect.poll(() => cell(page, 1, title).textContent(), { timeout: 10_000 }).toBe("Edited in the grid");
      expect(await cell(page, 1, isbn).textContent()).toBe("isbn-new");
      expect(await ext.query("select title, isbn from books where id = 1")).toEqual([{ title: "Edited in the grid", isbn: "isbn-new" }]);

      // The search covers the table's text columns: the isbn just written finds its book.
      const search = page.getByRole("searchbox", { name: "Search all rows" });
      await search.fill("isbn-new");
      await expect.poll(() => countLabel(page), { timeout: 10_000 }).toBe("1 row");
      await expect.poll(() => cell(page, 1, title).textContent(), { timeout: 10_000 }).toBe("Edited in the grid");
      await search.fill("");
      await search.blur(); // the empty box collapses before the toolbar is used again
      await expect.poll(() => countLabel(page), { timeout: 10_000 }).toBe("60 rows");

      // The toolbar's filter, sort and search, as on a form's responses: price > 85 is four books.
      await page.getByRole("button", { name: "Filter" }).click();
      await page.getByRole("button", { name: "Add filter" }).click();
      await page.getByLabel("Column").selectOption({ label: "price" });
      await page.getByLabel("Operator").selectOption("gt");
      await page.getByLabel("Value").fill("85");
      await expect.poll(() => countLabel(page), { timeout: 10_000 }).toBe("4 rows");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Sort" }).click();
      await page.getByLabel("Add sort column").selectOption({ label: "price" });
      await page.getByLabel("Direction of price").selectOption("desc");
      await page.keyboard.press("Escape");
      await expect.poll(() => cell(page, 1, title).textContent(), { timeout: 10_000 }).toBe("Book 60");
      await search.fill("Book 5");
      await expect.poll(() => countLabel(page), { timeout: 10_000 }).toBe("3 rows"); // 57, 58, 59
      await expect.poll(() => cell(page, 1, title).textContent(), { timeout: 10_000 }).toBe("Book 59");

      // Export the view (its filter, search and sort) and compare with the database.
      await page.getByRole("button", { name: "Export" }).click();
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "CSV" }).click()]);
      const csv = readFileSync((await download.path())!, "utf8").split("\r\n");
      expect(csv[0]!.split(",")).toEqual(["id", "title", "author_id", "mood", "tags", "price", "published", "meta", "isbn", "created_at"]);
      expect(csv.slice(1, -1).map((line) => line.split(",")[1])).toEqual(["Book 59", "Book 58", "Book 57"]);
      await search.fill("");
      await expect.poll(() => countLabel(page), { timeout: 10_000 }).toBe("4 rows");

      // The record panel: every column with its editor; a save goes through the same Data API.
      const first = page.getByRole("row").filter({ hasText: "Book 60" });
      await first.hover();
      await first.getByRole("button", { name: "Open 60" }).click();
      await expect.poll(() => page.getByRole("heading", { name: "Row 60" }).isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await page.getByRole("button", { name: "Show info" }).count()).toBe(0);
      await page.getByRole("button", { name: "Edit" }).click();
      expect(await page.getByLabel("mood", { exact: true }).evaluate((el) => el.tagName)).toBe("SELECT");
      expect(await page.getByLabel("published", { exact: true }).getAttribute("type")).toBe("date");
      await page.getByLabel("mood", { exact: true }).selectOption("happy");
      await page.getByLabel("price", { exact: true }).fill("12.5");
      await page.getByRole("button", { name: "Save" }).click();
      await expect.poll(async () => ext.query("select mood::text, price::text from books where id = 60"), { timeout: 10_000 }).toEqual([{ mood: "happy", price: "12.50" }]);
      await page.getByRole("button", { name: "Close" }).first().click();
      await expect.poll(() => countLabel(page), { timeout: 10_000 }).toBe("3 rows"); // live: 60 now costs 12.50

      // Live rows: a book inserted by hand appears in the open grid without a reload.
      await ext.query("insert into books (title, price) values ('Written by hand', 95)");
      await expect.poll(() => countLabel(page), { timeout: 20_000 }).toBe("4 rows");
      await expect.poll(() => cell(page, 1, title).textContent(), { timeout: 10_000 }).toBe("Written by hand"); // the rows and the count are read side by side

      // Add a row in the record panel: the database fills its key and defaults.
      await page.getByRole("button", { name: "Add record" }).click();
      await page.getByLabel(/^title\*?$/).fill("Made in the panel"); // required: marked with an asterisk
      await page.getByRole("button", { name: "Save" }).click();
      await expect.poll(async () => ext.query("select price::text, tags from books where title = 'Made in the panel'"), { timeout: 10_000 }).toEqual([{ price: "0.00", tags: [] }]);
      // Delete the hand-written book: the selection's Delete picks rows by their key.
      const byHand = page.getByRole("row").filter({ hasText: "Written by hand" });
      await byHand.getByRole("checkbox", { name: "Select" }).check();
      await page.getByRole("button", { name: "Delete 1 row" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect.poll(async () => ext.query("select id from books where title = 'Written by hand'"), { timeout: 10_000 }).toEqual([]);
      await expect.poll(() => countLabel(page), { timeout: 10_000 }).toBe("3 rows");
      const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious).toEqual([]);
      await shootBothSchemes(page, "connected-table-grid");
      // The grid and its record panel stay inside the project page's column: nothing scrolls it sideways.
      expect(await page.evaluate(() => {
        const view = document.querySelector<HTMLElement>("[data-table-kind]")!;
        const main = view.closest("main")!;
        return { inside: view.getBoundingClientRect().right <= main.getBoundingClientRect().right, scrolled: main.scrollLeft, wider: main.scrollWidth > main.clientWidth };
      })).toEqual({ inside: true, scrolled: 0, wider: false });

      // A read-only table says why, and opens no editor.
      await tables.getByRole("button", { name: /^log_lines/ }).click();
      const note = page.getByRole("note");
      await expect.poll(() => note.innerText(), { timeout: 10_000 }).toContain("no primary key");
      await expect.poll(() => countLabel(page), { timeout: 10_000 }).toBe("2 rows");
      expect(await page.getByRole("button", { name: "Add record" }).count()).toBe(0);
      await cell(page, 1, await columnIndex(page, "line")).dblclick();
      expect(await page.getByRole("textbox", { name: "Edit line" }).count()).toBe(0);
      await expect.poll(() => page.getByText("This table has no primary key, so a row cannot be told apart: it is read only.").count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      expect(await page.content()).not.toContain(EXTERNAL_PASSWORD);
    } finally {
      await context.close();
      await ext.drop();
    }
  }, 180_000);
});
