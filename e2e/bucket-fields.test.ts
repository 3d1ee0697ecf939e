/**
 * A file field that stores into a bucket, in Chromium (issue 21 items 2 and 9, spec 2 §5): the
 * field panel's storage section lists the project's buckets, shows core's rule for a bucket
 * that is not the project's before save, saves the chosen bucket; a visitor's file then lands
 * in that bucket (under the answer's folder), and the bucket page lists it with its size;
 * axe finds nothing serious in the storage section.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { callPrivate, shootBothSchemes, signUpInBrowser, useServerAndBrowser } from "./session";

const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n"), Buffer.alloc(2048, 0x20), Buffer.from("%%EOF\n")]);

describe.skipIf(!CHROMIUM_AVAILABLE)("file fields stored in a bucket in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });
  const saved = (page: Page) => expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");

  it("picks a bucket in the field panel; the visitor's file lands there and the bucket page lists it", async () => {
    const page = await env.browser.newPage();
    await page.setViewportSize({ width: 1280, height: 1000 });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await signUpInBrowser(page, env.server, { name: "Bo Buckets", email: `bucketfields-${Date.now().toString(36)}@example.com` });
    const org = await callPrivate(page, "POST", "/organizations", { name: "bucketfields-org", display_name: "Bucket fields" });
    const project = await callPrivate(page, "POST", `/organizations/${org.id}/projects`, { name: "expenses" });
    const bucket = await callPrivate(page, "POST", `/projects/${project.id}/documents`, { doctype: "v0_bucket", title: "Receipts" });
    await callPrivate(page, "POST", `/projects/${project.id}/documents`, { doctype: "v0_bucket", title: "Archive" });
    const definition = join(env.server.dataDir, `bucket-fields-${Date.now()}.json`);
    writeFileSync(definition, JSON.stringify({
      title: "Expenses", settings: { published: true },
      fields: [{ name: "full_name", type: "text", label: "Full name" }, { name: "receipt", type: "file", label: "Receipt" }],
      blocks: ["full_name", "receipt"].map((field) => ({ type: "field", field })),
    }));
    const { id: formId } = JSON.parse(env.server.cli(["forms", "import", definition, "--project", project.id])) as { id: string };
    const documents = await callPrivate<{ id: string; form_id: string | null }[]>(page, "GET", `/projects/${project.id}/documents`);
    const doc = documents.find((d) => d.form_id === formId)!;

    // The field panel: the storage section offers the project's buckets, the form's folder first.
    await page.goto(`${env.server.url}/bucketfields-org/expenses/${doc.id}/form/edit`);
    await page.getByRole("list", { name: "Blocks of the form" }).getByRole("group", { name: "File field: Receipt", exact: true }).dblclick();
    const panel = page.getByRole("complementary", { name: "Edit Field" });
    const picker = panel.getByRole("combobox", { name: "Bucket" });
    await expect.poll(() => picker.locator("option").allInnerTexts(), { timeout: 15_000 })
      .toEqual(["The form's own folder", "Archive (private)", "Receipts (private)"]);
    await picker.selectOption(bucket.id);
    await panel.getByLabel("Own storage path").check();
    await panel.getByLabel("Storage upload path").fill("receipts/{{row_id}}");
    expect(await panel.getByText("Mode: staged").count()).toBe(1);
    const section = panel.getByTestId("file-storage-section");
    await section.scrollIntoViewIfNeeded();
    const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious).toEqual([]);
    await shootBothSchemes(page, "field-panel-bucket");
    await panel.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await saved(page);

    // A visitor's file goes into the bucket, under the answer's folder.
    const visitor = await env.browser.newPage();
    await visitor.goto(`${env.server.url}/d/e/${formId}`);
    // The uploader is hydrated (a file chosen before would be lost with the plain input it replaces).
    await expect.poll(() => visitor.getByTestId("drop-zone").count(), { timeout: 15_000 }).toBe(1);
    await visitor.getByLabel("Full name").fill("Ada");
    await visitor.locator("#fw-receipt").setInputFiles({ name: "taxi.pdf", mimeType: "application/pdf", buffer: PDF });
    await visitor.getByRole("button", { name: "Submit" }).click();
    await visitor.waitForURL(/\/complete/, { timeout: 30_000 });
    await visitor.close();
    const [row] = env.server.cli(["responses", "list", formId]).trim().split("\n").map((line) => JSON.parse(line) as { id: string; receipt: { path: string } });
    expect(row!.receipt.path).toBe(`buckets/${bucket.id}/receipts/${row!.id}/taxi.pdf`);
    await expect.poll(() => existsSync(join(env.server.dataDir, "storage", ...row!.receipt.path.split("/"))), { timeout: 15_000 }).toBe(true);

    // The bucket page lists it, with its size.
    await page.goto(`${env.server.url}/bucketfields-org/expenses/${bucket.id}/objects/receipts/${row!.id}`);
    const object = page.getByTestId("bucket-object").filter({ hasText: "taxi.pdf" });
    await expect.poll(() => object.count(), { timeout: 15_000 }).toBe(1);
    expect(await object.getByTestId("object-size").innerText()).toMatch(/^2\.0\d KB$/);
    expect(errors).toEqual([]);
  });
});
