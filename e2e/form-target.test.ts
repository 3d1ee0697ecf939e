/**
 * A form connected to a table of a connected database, through the workbench (issue 24 item
 * 4; spec 2 §7): the owner opens Connect › Database, picks the connection and a table, sees
 * each field beside its column, is told why a field does not fit a column (while picking and
 * again by the server when saving anyway), connects, and a visitor's answer on the public form
 * lands in the connected table (read back with SQL). Disconnecting stops it. A search field's
 * foreign-key section offers another form's answers and the connected tables, and a visitor
 * looks a connected table's row up by typing.
 */
import { describe, expect, it } from "vitest";
import { createExternalDatabase, externalAvailable } from "../packages/server/src/test/external-database";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { callPrivate, openNewFormCanvas, signUpInBrowser, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE || !externalAvailable)("a form writing into a connected table, in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });

  it("connects the form to a table with a checked mapping, and a public answer lands there", async () => {
    const ext = await createExternalDatabase();
    try {
      const page = await env.browser.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      const slug = `ft-${Date.now().toString(36)}`;
      await signUpInBrowser(page, env.server, { name: "Tara Target", email: `${slug}@example.com` });
      const org = await callPrivate(page, "POST", "/organizations", { name: slug });
      const project = await callPrivate(page, "POST", `/organizations/${org.id}/projects`, { name: "shop" });
      await callPrivate(page, "POST", "/x-supabase/projects", { kind: "postgres", project_id: project.id, url: ext.url });
      const form = await callPrivate(page, "POST", `/projects/${project.id}/forms`, {
        title: "Book request", settings: { published: true },
        fields: [
          { name: "title", type: "text", label: "Title", required: true },
          { name: "mood", type: "radio", label: "Mood", options: [{ value: "happy" }, { value: "sad" }] },
          { name: "tags", type: "checkboxes", label: "Tags", options: [{ value: "t1" }, { value: "t2" }] },
        ],
        blocks: ["title", "mood", "tags"].map((field) => ({ type: "field", field })),
      });
      const documents = await callPrivate<{ id: string; form_id: string | null }[]>(page, "GET", `/projects/${project.id}/documents`);
      const doc = documents.find((d) => d.form_id === form.id)!;
      await page.goto(`${env.server.url}/${slug}/shop/${doc.id}/form/edit`);
      await page.getByRole("link", { name: "Database" }).click();
      await page.waitForURL(/\/connect\/database\/supabase$/);
      await expect.poll(() => page.getByText("Not connected: answers stay in this form's own table.").isVisible(), { timeout: 15_000 }).toBe(true);

      // Pick the connection, then the table; a table without a primary key is offered as read only.
      const connection = page.getByLabel("Connection", { exact: true });
      await connection.selectOption({ index: 1 });
      const table = page.getByLabel("Table", { exact: true });
      await expect.poll(() => table.locator("option").allInnerTexts(), { timeout: 15_000 }).toContain("public.books");
      expect(await table.locator("option", { hasText: "public.log_lines" }).innerText()).toBe("public.log_lines (read only)");
      expect(await table.locator("option", { hasText: "public.log_lines" }).isDisabled()).toBe(true);
      await table.selectOption("public.books");

      // Each field starts at the column of its name; a field that does not fit its column is named.
      const mapping = page.getByRole("table", { name: "Column mapping" });
      expect(await mapping.getByLabel("Column for title").inputValue()).toBe("title");
      expect(await mapping.getByLabel("Column for mood").inputValue()).toBe("mood");
      await mapping.getByLabel("Column for tags").selectOption("price");
      const problems = page.getByRole("list", { name: "Mapping problems" });
      await expect.poll(() => problems.innerText()).toContain("tags (checkboxes) does not fit price (numeric).");
      // Saved anyway, the server refuses with the same reason and nothing is connected.
      await page.getByRole("button", { name: "Connect table" }).click();
      await expect.poll(() => page.getByRole("alert").innerText(), { timeout: 10_000 }).toContain("tags (checkboxes) does not fit price (numeric).");
      expect(await callPrivate(page, "GET", `/forms/${form.id}/connect/with-x-sb-table`)).toBe(null);
      // Unmapping the required title is named too.
      await mapping.getByLabel("Column for title").selectOption("");
      await expect.poll(() => problems.innerText()).toContain("title is required (not null, no default): map a field to it.");
      await mapping.getByLabel("Column for title").selectOption("title");
      await mapping.getByLabel("Column for tags").selectOption("tags");
      expect(await problems.count()).toBe(0);
      await page.getByRole("button", { name: "Connect table" }).click();
      await expect.poll(() => page.getByText("Connected to public.books.").isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await callPrivate(page, "GET", `/forms/${form.id}/connect/with-x-sb-table`)).toMatchObject({ schema: "public", table: "books" });
      const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious).toEqual([]);

      // A visitor answers on the public form: the row is in the connected table.
      const visitor = await env.browser.newPage();
      visitor.on("pageerror", (error) => errors.push(String(error)));
      await visitor.goto(`${env.server.url}/d/e/${form.id}`);
      await visitor.locator("form[data-fw-ready]").waitFor();
      await visitor.getByLabel("Title").fill("Requested in Chromium");
      await visitor.getByRole("radio", { name: "sad" }).check();
      await visitor.getByRole("checkbox", { name: "t2" }).check();
      await visitor.getByRole("button", { name: "Submit" }).click();
      await visitor.waitForURL(/\/complete/, { timeout: 15_000 });
      expect(await ext.query("select title, mood::text, tags from books where title = 'Requested in Chromium'"))
        .toEqual([{ title: "Requested in Chromium", mood: "sad", tags: ["t2"] }]);

      // Disconnected, the next answer stays in the form's own table only.
      await page.reload();
      await page.getByRole("button", { name: "Disconnect" }).click();
      await expect.poll(() => page.getByText("Not connected: answers stay in this form's own table.").isVisible(), { timeout: 10_000 }).toBe(true);
      await visitor.goto(`${env.server.url}/d/e/${form.id}`);
      await visitor.locator("form[data-fw-ready]").waitFor();
      await visitor.getByLabel("Title").fill("Only kept here");
      await visitor.getByRole("button", { name: "Submit" }).click();
      await visitor.waitForURL(/\/complete/, { timeout: 15_000 });
      expect(await ext.query("select count(*)::int as n from books where title = 'Only kept here'")).toEqual([{ n: 0 }]);
      expect(errors.filter((e) => !e.includes("#419"))).toEqual([]);
    } finally {
      await ext.drop();
    }
  });

  it("the field panel references a connected table (or another form), and a visitor looks a row up there", async () => {
    const ext = await createExternalDatabase();
    try {
      const { page, errors } = await openNewFormCanvas(env, { name: "Rex Ref", slug: "xref" }, "Loans");
      const docId = new URL(page.url()).pathname.split("/")[3]!;
      const doc = await callPrivate<{ project_id: string; form_id: string }>(page, "GET", `/documents/${docId}`);
      await callPrivate(page, "POST", "/x-supabase/projects", { kind: "postgres", project_id: doc.project_id, url: ext.url });
      await callPrivate(page, "POST", `/projects/${doc.project_id}/forms`, { title: "Members", fields: [{ name: "full_name", type: "text" }], blocks: [{ type: "field", field: "full_name" }] });

      await page.getByRole("button", { name: "Insert", exact: true }).click();
      await page.getByRole("combobox", { name: "Search fields and blocks" }).fill("Search");
      await page.getByRole("option", { name: "Search", exact: true }).click();
      const panel = page.getByRole("complementary", { name: "New Field" });
      await expect.poll(() => panel.isVisible()).toBe(true);
      await panel.getByLabel("Label").fill("Book");
      const section = panel.getByTestId("reference-section");
      const picker = section.getByLabel("Referenced table");
      await expect.poll(() => picker.locator("optgroup").evaluateAll((groups) => groups.map((g) => (g as HTMLOptGroupElement).label)), { timeout: 15_000 })
        .toEqual(["Forms", expect.stringMatching(/ on /)]);
      // Another form's answers: the key and its fields.
      await picker.selectOption({ label: "Members" });
      expect(await section.getByLabel("Referenced column").locator("option").allInnerTexts()).toEqual(["id", "full_name"]);
      // A connected table: its primary key is the referenced column, a text column is searched.
      await picker.selectOption({ label: "public.books" });
      expect(await section.getByLabel("Referenced column").inputValue()).toBe("id");
      expect(await section.getByRole("checkbox", { name: /^title/ }).first().isChecked()).toBe(true);
      expect(await section.getByRole("group", { name: "Columns searched" }).getByRole("checkbox", { name: /^price/ }).isDisabled()).toBe(true);
      await panel.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => panel.count(), { timeout: 10_000 }).toBe(0);
      const saved = await callPrivate<{ fields: { name: string; reference: unknown }[] }>(page, "GET", `/forms/${doc.form_id}`);
      expect(saved.fields.find((f) => f.reference)?.reference).toMatchObject({ kind: "x_table", schema: "public", table: "books", column: "id", searched: ["title"] });

      await page.getByRole("button", { name: "Publish" }).click();
      await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
      const visitor = await env.browser.newPage();
      visitor.on("pageerror", (error) => errors.push(String(error)));
      await visitor.goto(`${env.server.url}/d/e/${doc.form_id}`);
      await visitor.locator("form[data-fw-ready]").waitFor();
      const search = visitor.getByRole("combobox", { name: /Book/ });
      await search.fill("Book 42");
      await expect.poll(() => visitor.getByRole("option").allInnerTexts(), { timeout: 10_000 }).toEqual(["Book 42"]);
      await visitor.getByRole("option", { name: "Book 42" }).click();
      expect(await visitor.getByTestId("reference-key").inputValue()).toBe("42");
      await visitor.getByRole("button", { name: "Submit" }).click();
      await visitor.waitForURL(/\/complete/, { timeout: 15_000 });
      expect(errors.filter((e) => !e.includes("#419"))).toEqual([]);
    } finally {
      await ext.drop();
    }
  });
});
