/**
 * A connected PostgreSQL database in Chromium (issue 24 items 3 and 5): an owner connects a
 * database of the test server from the project page, sees its tables (a table without a
 * primary key marked read only), edits a cell and watches the edit go pending → queued →
 * resolved with the database's value, filters and searches it, and a read-only table says why and takes no edit. The
 * password is on no page.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createExternalDatabase, EXTERNAL_PASSWORD, externalAvailable } from "../packages/server/src/test/external-database";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { newFormInBrowser, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE || !externalAvailable)("connected databases in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });

  it("connects a database, shows its tables, edits a cell to resolved, and a read-only table refuses with a reason", async () => {
    const ext = await createExternalDatabase();
    try {
      const page = await env.browser.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
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

      // Edit a cell: pending → queued → resolved (the overlay goes, the database's value stays).
      await tables.getByRole("button", { name: /^books/ }).click();
      const grid = page.getByRole("table", { name: "public.books rows" });
      await expect.poll(() => grid.getByRole("row").count(), { timeout: 10_000 }).toBe(26);
      await grid.getByRole("button", { name: "id", exact: true }).click(); // ascending by id
      const cell = grid.getByRole("row").nth(1).locator('td[data-column="title"]');
      await expect.poll(() => cell.innerText()).toBe("Book 1");
      await cell.dblclick();
      await page.getByLabel("Edit title").fill("Edited in the grid");
      // The row is locked by another session: the edit waits in the database, shown queued.
      const locker = new pg.Client({ connectionString: ext.url });
      await locker.connect();
      await locker.query("begin");
      await locker.query("select 1 from books where id = 1 for update");
      await page.getByLabel("Edit title").press("Enter");
      await expect.poll(() => cell.getAttribute("data-tx-status"), { timeout: 10_000 }).toBe("queued");
      expect(await cell.innerText()).toBe("Edited in the grid");
      // A second edit waits its turn, pending, while the first is in the database.
      const isbn = grid.getByRole("row").nth(1).locator('td[data-column="isbn"]');
      await isbn.dblclick();
      await page.getByLabel("Edit isbn").fill("isbn-new");
      await page.getByLabel("Edit isbn").press("Enter");
      await expect.poll(() => isbn.getAttribute("data-tx-status"), { timeout: 10_000 }).toBe("pending");
      expect(await isbn.innerText()).toBe("isbn-new");
      expect(await cell.getAttribute("data-tx-status")).toBe("queued");
      await locker.query("commit");
      await locker.end();
      await expect.poll(() => isbn.getAttribute("data-tx-status"), { timeout: 10_000 }).toBe(null);
      expect(await isbn.innerText()).toBe("isbn-new");
      expect(await ext.query("select isbn from books where id = 1")).toEqual([{ isbn: "isbn-new" }]);
      await expect.poll(() => cell.getAttribute("data-tx-status"), { timeout: 10_000 }).toBe(null);
      expect(await cell.innerText()).toBe("Edited in the grid");
      expect(await ext.query("select title from books where id = 1")).toEqual([{ title: "Edited in the grid" }]);

      // Filter and search through the Data API: price > 85 is four books; a search narrows them.
      await page.getByLabel("Filter column").selectOption("price");
      await page.getByLabel("Filter operator").selectOption("gt");
      await page.getByLabel("Filter value").fill("85");
      await page.getByRole("button", { name: "Filter", exact: true }).click();
      await expect.poll(() => grid.getByRole("row").count(), { timeout: 10_000 }).toBe(5);
      expect(await page.getByRole("status").filter({ hasText: "rows" }).innerText()).toBe("4 rows");
      await page.getByLabel("Search title").fill("Book 60");
      await expect.poll(() => grid.getByRole("row").count(), { timeout: 10_000 }).toBe(2);
      await page.getByRole("button", { name: /^Remove filter price/ }).click();
      await page.getByLabel("Search title").fill("");
      await expect.poll(() => grid.getByRole("row").count(), { timeout: 10_000 }).toBe(26);

      // A read-only table says why and opens no editor.
      await tables.getByRole("button", { name: /^log_lines/ }).click();
      const note = page.getByRole("note");
      await expect.poll(() => note.innerText(), { timeout: 10_000 }).toContain("no primary key");
      const logGrid = page.getByRole("table", { name: "public.log_lines rows" });
      await expect.poll(() => logGrid.getByRole("row").count(), { timeout: 10_000 }).toBe(3);
      await logGrid.getByRole("row").nth(1).locator('td[data-column="line"]').dblclick();
      expect(await page.getByLabel("Edit line").count()).toBe(0);
      const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious).toEqual([]);
      expect(errors).toEqual([]);
      expect(await page.content()).not.toContain(EXTERNAL_PASSWORD);
    } finally {
      await ext.drop();
    }
  });
});
