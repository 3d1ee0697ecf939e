/**
 * The uploader in Chromium (issue 21 "Done when"): a file through the signed path with visible
 * progress (20 MB), a 6 MB file refused in multipart mode with the exact message and the
 * warning icon, a staged file that ends under the answer's folder and is gone from tmp/,
 * a file posted with the form without JavaScript, and axe on the uploader; a drop on the drop
 * zone; spec 1 §7's 'Failed to get signed url' and 'Uploader function is not provided'.
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { useServerAndBrowser } from "./session";

interface FileMeta { path: string; name: string; size: number; type: string }
type Row = Record<string, unknown> & { id: string };

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n");
const mp4 = (bytes: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(bytes - 12, 5)]);

describe.skipIf(!CHROMIUM_AVAILABLE)("uploads in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });

  const importForm = () => {
    const file = join(env.server.dataDir, `uploads-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify({
      title: "Application", settings: { published: true },
      fields: [
        { name: "full_name", type: "text", label: "Full name", required: true },
        { name: "cv", type: "file", label: "CV" },
        { name: "clip", type: "video", label: "Video introduction", upload: { type: "requesturl" } },
      ],
      blocks: ["full_name", "cv", "clip"].map((field) => ({ type: "field", field })),
    }));
    const { id } = JSON.parse(env.server.cli(["forms", "import", file])) as { id: string };
    return { id, url: `${env.server.url}/d/e/${id}` };
  };
  const rows = (formId: string) =>
    env.server.cli(["responses", "list", formId]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Row);
  const storagePath = (key: string) => join(env.server.dataDir, "storage", ...key.split("/"));

  it("a 6 MB file in multipart mode is refused with the exact message and a warning icon; axe finds nothing serious", async () => {
    const form = importForm();
    const page = await env.browser.newPage();
    await page.goto(form.url);
    await expect.poll(() => page.getByTestId("drop-zone").count()).toBe(2);
    await page.locator("#fw-cv").setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
    const item = page.locator('[data-uploader="cv"] [data-testid="upload-item"]');
    await expect.poll(() => item.getAttribute("data-status")).toBe("failed");
    expect(await item.getByTestId("upload-error").innerText()).toBe("File is too large. Max size is 5MB");
    expect(await item.getByTestId("upload-warning").getAttribute("aria-label")).toBe("Failed: File is too large. Max size is 5MB");
    expect(await page.locator('[data-uploader="cv"] [role="status"]').innerText()).toContain("File is too large. Max size is 5MB");
    const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious).toEqual([]);
    // Keyboard: the drop zone's button opens the picker with Enter.
    const chooser = page.waitForEvent("filechooser");
    await page.locator('[data-uploader="cv"] button').first().focus();
    await page.keyboard.press("Enter");
    const picker = await chooser;
    await picker.setFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect.poll(() => page.locator('[data-uploader="cv"] [data-status="pending"]').count()).toBe(1);
    // One file is the maximum: the drop zone is disabled.
    expect(await page.locator('[data-uploader="cv"] [data-testid="drop-zone"]').getAttribute("data-disabled")).toBe("true");
    await page.close();
  });

  it("a file dropped on the drop zone joins the list and posts with the form; a video dropped on a request-url field uploads", async () => {
    const form = importForm();
    const page = await env.browser.newPage();
    await page.goto(form.url);
    await expect.poll(() => page.getByTestId("drop-zone").count()).toBe(2);
    await page.getByLabel("Full name").fill("Ada Drop");
    // What the browser hands a drop: a DataTransfer holding the files (two here: the CV field takes one).
    const transfer = (files: { name: string; type: string; bytes: number[] }[]) => page.evaluateHandle((list) => {
      const data = new DataTransfer();
      for (const file of list) data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      return data;
    }, files);
    const cvZone = page.locator('[data-uploader="cv"] [data-testid="drop-zone"]');
    const dropped = await transfer([{ name: "dropped.pdf", type: "application/pdf", bytes: [...PDF] }, { name: "second.pdf", type: "application/pdf", bytes: [...PDF] }]);
    await cvZone.dispatchEvent("dragenter", { dataTransfer: dropped });
    await cvZone.dispatchEvent("dragover", { dataTransfer: dropped });
    await cvZone.dispatchEvent("drop", { dataTransfer: dropped });
    const item = page.locator('[data-uploader="cv"] [data-testid="upload-item"]');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.innerText()).toContain("dropped.pdf");
    expect(await item.getAttribute("data-status")).toBe("pending");
    // One file is the field's maximum: the zone is disabled now, and a second drop adds nothing.
    expect(await cvZone.getAttribute("data-disabled")).toBe("true");
    await cvZone.dispatchEvent("drop", { dataTransfer: await transfer([{ name: "late.pdf", type: "application/pdf", bytes: [...PDF] }]) });
    expect(await item.count()).toBe(1);

    const clipZone = page.locator('[data-uploader="clip"] [data-testid="drop-zone"]');
    await clipZone.dispatchEvent("drop", { dataTransfer: await transfer([{ name: "dropped.mp4", type: "video/mp4", bytes: [...mp4(64 * 1024)] }]) });
    await expect.poll(() => page.locator('[data-uploader="clip"] [data-testid="upload-status"]').allInnerTexts(), { timeout: 20_000 }).toEqual(["Uploaded"]);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/, { timeout: 30_000 });
    const [row] = rows(form.id);
    expect(row!.cv).toMatchObject({ name: "dropped.pdf", size: PDF.length, type: "application/pdf" });
    expect(row!.clip).toMatchObject({ name: "dropped.mp4", size: 64 * 1024, type: "video/mp4" });
    await page.close();
  }, 60_000);

  it("a request url that fails shows 'Failed to get signed url'; a page without a session shows 'Uploader function is not provided'", async () => {
    const form = importForm();
    const page = await env.browser.newPage();
    await page.route("**/upload-url", (route) => route.fulfill({ status: 503, contentType: "text/html", body: "<h1>Bad gateway</h1>" }));
    await page.goto(form.url);
    await expect.poll(() => page.getByTestId("drop-zone").count()).toBe(2);
    const clip = page.locator('[data-uploader="clip"] [data-testid="upload-item"]');
    await page.locator("#fw-clip").setInputFiles({ name: "intro.mp4", mimeType: "video/mp4", buffer: mp4(4096) });
    await expect.poll(() => clip.getAttribute("data-status")).toBe("failed");
    expect(await clip.getByTestId("upload-error").innerText()).toBe("Failed to get signed url");
    expect(await clip.getByTestId("upload-warning").getAttribute("aria-label")).toBe("Failed: Failed to get signed url");
    await page.unroute("**/upload-url");

    // No session id in the form (its hidden input emptied): there is no request url, so no uploader.
    await page.reload();
    await expect.poll(() => page.getByTestId("drop-zone").count()).toBe(2);
    const session = page.locator('input[name="__fw_session"]');
    await expect.poll(() => session.inputValue()).not.toBe("");
    await session.evaluate((input: HTMLInputElement) => { input.value = ""; });
    await page.locator("#fw-clip").setInputFiles({ name: "again.mp4", mimeType: "video/mp4", buffer: mp4(4096) });
    const again = page.locator('[data-uploader="clip"] [data-testid="upload-item"]').filter({ hasText: "again.mp4" });
    await expect.poll(() => again.getAttribute("data-status")).toBe("failed");
    expect(await again.getByTestId("upload-error").innerText()).toBe("Uploader function is not provided");
    await page.close();
  });

  it("a 20 MB video goes through the signed path with visible progress; submitted, it ends in the answer's folder and leaves tmp/", async () => {
    const form = importForm();
    const page = await env.browser.newPage();
    await page.goto(form.url);
    await expect.poll(() => page.getByTestId("drop-zone").count()).toBe(2);
    await page.getByLabel("Full name").fill("Ada Upload");
    await page.locator("#fw-cv").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
    const clip = page.locator('[data-uploader="clip"]');
    await page.locator("#fw-clip").setInputFiles({ name: "intro.mp4", mimeType: "video/mp4", buffer: mp4(20 * 1024 * 1024) });
    // Progress shows while the bytes go (a progress bar), then the file is uploaded.
    await expect.poll(() => clip.locator("progress").count(), { timeout: 20_000, interval: 20 }).toBe(1);
    await expect.poll(() => clip.getByTestId("upload-status").innerText(), { timeout: 60_000 }).toBe("Uploaded");
    // The session keeps the uploaded file: a reload shows it uploaded again (the multipart CV must be chosen again).
    await page.waitForTimeout(1_000);
    await page.reload();
    await expect.poll(() => page.locator('[data-uploader="clip"] [data-testid="upload-status"]').allInnerTexts(), { timeout: 20_000 }).toEqual(["Uploaded"]);
    expect(await page.locator('[data-uploader="clip"] [data-testid="upload-item"]').innerText()).toContain("intro.mp4");
    await page.locator("#fw-cv").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/, { timeout: 30_000 });
    const [row] = rows(form.id);
    const video = row!.clip as FileMeta;
    const cv = row!.cv as FileMeta;
    expect(video).toMatchObject({ name: "intro.mp4", size: 20 * 1024 * 1024, type: "video/mp4" });
    expect(video.path.startsWith(`${form.id}/${row!.id}/`)).toBe(true);
    expect(cv).toMatchObject({ name: "cv.pdf", size: PDF.length, type: "application/pdf" });
    await expect.poll(() => existsSync(storagePath(video.path)), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => existsSync(storagePath(cv.path)), { timeout: 10_000 }).toBe(true);
    const tmp = join(env.server.dataDir, "storage", "tmp");
    const left = existsSync(tmp) ? readdirSync(tmp, { recursive: true }).filter((p) => String(p).endsWith(".mp4") || String(p).endsWith(".pdf")) : [];
    expect(left).toEqual([]);
    await page.close();
  }, 120_000);

  it("without JavaScript a plain file input posts with the form and the answer keeps the file", async () => {
    const form = importForm();
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(form.url);
    await page.getByLabel("Full name").fill("Ada Plain");
    await page.locator('input[type="file"][name="cv"]').setInputFiles({ name: "plain.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/);
    const [row] = rows(form.id);
    expect(row!.cv).toMatchObject({ name: "plain.pdf", size: PDF.length, type: "application/pdf" });
    await expect.poll(() => existsSync(storagePath((row!.cv as FileMeta).path)), { timeout: 10_000 }).toBe(true);
    await context.close();
  });

  it("a file chosen before the page's script runs is kept: the uploader takes it and the answer has it", async () => {
    const form = importForm();
    const page = await env.browser.newPage();
    // Hold the form's scripts back until the file is chosen in the server-rendered input.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route("**/assets/*.js", async (route) => { await held; await route.continue(); });
    // Module scripts hold DOMContentLoaded back, so the page is used as soon as its markup is in.
    await page.goto(form.url, { waitUntil: "commit" });
    await page.locator('input[type="file"][name="cv"]').waitFor();
    await page.getByLabel("Full name").fill("Ada Early");
    await page.locator('input[type="file"][name="cv"]').setInputFiles({ name: "early.pdf", mimeType: "application/pdf", buffer: PDF });
    release();
    const item = page.locator('[data-uploader="cv"] [data-testid="upload-item"]');
    await expect.poll(() => item.count(), { timeout: 20_000 }).toBe(1);
    expect(await item.innerText()).toContain("early.pdf");
    await expect.poll(() => page.getByLabel("Full name").inputValue()).toBe("Ada Early");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/, { timeout: 30_000 });
    const [row] = rows(form.id);
    expect(row!.cv).toMatchObject({ name: "early.pdf", size: PDF.length, type: "application/pdf" });
    await page.close();
  }, 60_000);
});
