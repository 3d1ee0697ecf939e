/**
 * A storage bucket in Chromium (issue 21 item 9, spec 3 §2): an owner creates a bucket from
 * New document, lands on its page in project mode, uploads a file with the button (the upload
 * list shows it uploaded; the table shows its size in human units), drops a second file on
 * the page, makes a folder and opens it through the table and back through the breadcrumb,
 * removes the file after confirming, makes the bucket public; axe finds nothing serious in
 * light or dark.
 */
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { newFormInBrowser, shootBothSchemes, useServerAndBrowser } from "./session";

const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n"), Buffer.alloc(3 * 1024, 0x20), Buffer.from("%%EOF\n")]);

describe.skipIf(!CHROMIUM_AVAILABLE)("storage buckets in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });

  it("creates a bucket, uploads, shows sizes, makes a folder, removes, and passes axe", async () => {
    const page = await env.browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const slug = `bk-${Date.now().toString(36)}`;
    await newFormInBrowser(page, env.server, { name: "Bea Bucket", email: `${slug}@example.com` }, slug, "Scratch form");

    // New document → Storage bucket.
    await page.goto(`${env.server.url}/${slug}/site`);
    await page.getByRole("button", { name: "New document" }).first().click();
    await page.getByLabel("Type").selectOption("v0_bucket");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Brand assets");
    await page.getByRole("button", { name: "Create storage bucket" }).click();
    await page.waitForURL(new RegExp(`/${slug}/site/[^/]+$`));
    const heading = page.getByRole("heading", { level: 1, name: /Brand assets/ });
    await expect.poll(() => heading.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole("tab", { name: "Project" }).getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => page.getByText("This bucket is empty").isVisible()).toBe(true);
    const violationsEmpty = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(violationsEmpty).toEqual([]);

    // Upload by the button: the upload list says so, the table shows the size in human units.
    await page.getByTestId("bucket-file-input").setInputFiles({ name: "guidelines.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect.poll(() => page.getByTestId("upload-item").getAttribute("data-status"), { timeout: 15_000 }).toBe("uploaded");
    const row = page.getByTestId("bucket-object").filter({ hasText: "guidelines.pdf" });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await row.getByTestId("object-size").innerText()).toBe("3.04 KB") // 3,108 bytes;
    expect(await row.innerText()).toContain("application/pdf");

    // Drag and drop a second file onto the page.
    const transfer = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(["hello bucket"], "notes.txt", { type: "text/plain" }));
      return data;
    });
    await page.getByRole("table", { name: "Objects" }).dispatchEvent("dragover", { dataTransfer: transfer });
    await page.getByRole("table", { name: "Objects" }).dispatchEvent("drop", { dataTransfer: transfer });
    const notes = page.getByTestId("bucket-object").filter({ hasText: "notes.txt" });
    await expect.poll(() => notes.count(), { timeout: 15_000 }).toBe(1);
    expect(await notes.getByTestId("object-size").innerText()).toBe("12 B");

    // A folder: made, opened from the table, left through the breadcrumb.
    await page.getByRole("button", { name: "New folder" }).click();
    await page.getByLabel("Folder name").fill("logos");
    await page.getByRole("button", { name: "Create folder" }).click();
    const folderButton = page.getByRole("button", { name: "Open folder logos" });
    await expect.poll(() => folderButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await folderButton.click();
    await page.waitForURL(/\/objects\/logos$/);
    await expect.poll(() => page.getByText("This folder is empty").isVisible(), { timeout: 10_000 }).toBe(true);
    const crumbs = page.getByRole("navigation", { name: "Folders" });
    expect(await crumbs.innerText()).toContain("logos");
    await crumbs.getByRole("button", { name: "Brand assets" }).click();
    await page.waitForURL(/\/objects$/);
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);

    // The policy (owners): public.
    const policy = page.getByRole("switch", { name: "Public bucket" });
    await policy.click(); // the switch follows the server's answer
    await expect.poll(() => policy.isChecked(), { timeout: 10_000 }).toBe(true);
    expect(await heading.innerText()).toContain("Public");

    const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    const darkSerious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(darkSerious).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });
    await shootBothSchemes(page, "bucket-page");

    // Remove, after confirming; the keyboard reaches the row's Remove button.
    await page.getByRole("button", { name: "Remove guidelines.pdf" }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog");
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
    expect(await notes.count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
