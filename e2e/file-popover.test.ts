/**
 * The owner's files in Chromium (issue 21 item 8, spec 3 §2, §4, §8): a respondent posts a
 * photo and a PDF through the public form; in the grid the photo's cell shows its thumbnail;
 * the file popover opens, the media viewer previews the photo (Escape closes it and focus
 * comes back), Download gives the same bytes, Replace uploads new bytes and says so; Add file
 * is disabled with its tooltip for a single-file field; axe finds nothing serious.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { callPrivate, shootBothSchemes, signUpInBrowser, useServerAndBrowser } from "./session";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n");
/** A WAV of `seconds` of silence (8 kHz, 8-bit mono). */
function wav(seconds: number): Buffer {
  const data = 8000 * seconds;
  const head = Buffer.alloc(44);
  head.write("RIFF", 0); head.writeUInt32LE(36 + data, 4); head.write("WAVEfmt ", 8);
  head.writeUInt32LE(16, 16); head.writeUInt16LE(1, 20); head.writeUInt16LE(1, 22); head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(8000, 28); head.writeUInt16LE(1, 32); head.writeUInt16LE(8, 34); head.write("data", 36); head.writeUInt32LE(data, 40);
  return Buffer.concat([head, Buffer.alloc(data, 128)]);
}
const png = (r: number, g: number, b: number) => sharp({ create: { width: 640, height: 420, channels: 3, background: { r, g, b } } }).png().toBuffer();

describe.skipIf(!CHROMIUM_AVAILABLE)("the file popover in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });

  it("shows a thumbnail, previews, downloads and replaces a file", async () => {
    const context = await env.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await signUpInBrowser(page, env.server, { name: "Ada Owner", email: `files-${Date.now().toString(36)}@example.com` });
    const org = await callPrivate(page, "POST", "/organizations", { name: "files-org", display_name: "Files" });
    const project = await callPrivate(page, "POST", `/organizations/${org.id}/projects`, { name: "hiring" });
    const definition = join(env.server.dataDir, "files-form.json");
    writeFileSync(definition, JSON.stringify({
      title: "Application", settings: { published: true },
      fields: [
        { name: "full_name", type: "text", label: "Full name", required: true },
        { name: "photo", type: "image", label: "Photo" },
        { name: "cv", type: "file", label: "CV" },
        { name: "voice", type: "audio", label: "Voice notes", multiple: true },
      ],
      blocks: ["full_name", "photo", "cv", "voice"].map((field) => ({ type: "field", field })),
    }));
    const { id: form_id } = JSON.parse(env.server.cli(["forms", "import", definition, "--project", project.id])) as { id: string };
    const documents = await callPrivate<{ id: string; form_id: string | null }[]>(page, "GET", `/projects/${project.id}/documents`);
    const doc = documents.find((d) => d.form_id === form_id)!;

    // The respondent's answer, posted through the public form.
    const first = await png(37, 99, 235);
    const visitor = await context.newPage();
    await visitor.goto(`${env.server.url}/d/e/${form_id}`);
    await expect.poll(() => visitor.getByTestId("drop-zone").count()).toBe(3);
    await visitor.getByLabel("Full name").fill("Grace Files");
    await visitor.locator("#fw-photo").setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: first });
    await visitor.locator("#fw-cv").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
    await visitor.locator("#fw-voice").setInputFiles([
      { name: "hello.wav", mimeType: "audio/wav", buffer: wav(2) },
      { name: "bye.wav", mimeType: "audio/wav", buffer: wav(1) },
    ]);
    await visitor.getByRole("button", { name: "Submit" }).click();
    await visitor.waitForURL(/\/complete/, { timeout: 30_000 });
    await visitor.close();

    // The grid: the photo's cell shows its thumbnail (loaded, small), the CV an icon and its name.
    await page.goto(`${env.server.url}/files-org/hiring/${doc.id}/data/responses`);
    const cells = page.getByTestId("file-cell");
    await expect.poll(() => cells.count(), { timeout: 20_000 }).toBe(3);
    const photoCell = page.getByRole("button", { name: "Files: portrait.png" });
    const thumb = photoCell.locator("img");
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBe(200);
    expect(await thumb.evaluate((img) => img.parentElement!.getBoundingClientRect().height)).toBe(24); // the fixed box, border included
    expect(await page.getByRole("button", { name: "Files: cv.pdf" }).innerText()).toContain("cv.pdf");
    expect(await page.getByRole("button", { name: "Files: hello.wav, bye.wav" }).innerText()).toContain("2 files");
    await shootBothSchemes(page, "grid-file-cells");

    // The popover: the file, its preview, Add file disabled for a single-file field.
    await photoCell.click();
    const popover = page.getByRole("dialog", { name: "Photo" });
    await expect.poll(() => popover.isVisible()).toBe(true);
    expect(await popover.innerText()).toContain("portrait.png");
    const add = popover.getByRole("button", { name: "Add file" });
    expect(await add.isDisabled()).toBe(true);
    expect(await popover.innerText()).toContain("multiple is set to false, only one file is allowed");
    const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious).toEqual([]);
    await shootBothSchemes(page, "file-popover");

    // The media viewer: the image, Escape closes it and focus goes back to Preview.
    const previewButton = popover.getByRole("button", { name: "Preview" });
    await previewButton.click();
    const viewer = page.getByRole("dialog", { name: "Preview of portrait.png" });
    await expect.poll(() => viewer.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(640);
    await shootBothSchemes(page, "media-viewer");
    await page.keyboard.press("Escape");
    await expect.poll(() => viewer.count()).toBe(0);
    expect(await previewButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await popover.isVisible()).toBe(true);

    // Download gives the same bytes.
    const downloading = page.waitForEvent("download");
    await popover.getByRole("link", { name: "Download" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("portrait.png");
    expect(readFileSync((await download.path())!).equals(first)).toBe(true);

    // Replace: without a file it asks for one; with one it uploads and says so; the same path serves the new bytes.
    await popover.getByRole("button", { name: "Replace" }).click();
    expect(await popover.getByRole("alert").innerText()).toBe("Please select a file to replace.");
    const second = await png(220, 38, 38);
    // The picker opens from a real button, by keyboard, and offers the image field's default (image/*).
    expect(await popover.getByLabel("New file for portrait.png").getAttribute("accept")).toBe("image/*");
    const choosing = page.waitForEvent("filechooser");
    await popover.getByRole("button", { name: "Choose file…" }).focus();
    await page.keyboard.press("Enter");
    await (await choosing).setFiles({ name: "new.png", mimeType: "image/png", buffer: second });
    expect(await popover.getByRole("button", { name: "Choose file…" }).getAttribute("aria-describedby").then((id) => page.locator(`[id="${id}"]`).innerText())).toBe("new.png");
    await popover.getByRole("button", { name: "Replace" }).click();
    await expect.poll(() => popover.getByText("File replaced successfully. (refresh to see changes)").count(), { timeout: 20_000 }).toBe(1);
    const href = (await popover.getByRole("link", { name: "Download" }).getAttribute("href"))!;
    const again = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), href);
    expect(Buffer.from(again).equals(second)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => popover.count()).toBe(0);

    // The CV: a PDF preview, turned into a picture-in-picture window that can be dragged and closed with Escape.
    await page.getByRole("button", { name: "Files: cv.pdf" }).click();
    const cvPopover = page.getByRole("dialog", { name: "CV" });
    await cvPopover.getByRole("button", { name: "Preview" }).click();
    const pdfViewer = page.getByRole("dialog", { name: "Preview of cv.pdf" });
    await expect.poll(() => pdfViewer.locator("iframe").count(), { timeout: 10_000 }).toBe(1);
    await pdfViewer.getByRole("button", { name: "Picture in picture" }).click();
    const pip = page.locator('section[role="dialog"][aria-label="Preview of cv.pdf"]');
    await expect.poll(() => pip.isVisible()).toBe(true);
    const before = (await pip.boundingBox())!;
    await page.mouse.move(before.x + 40, before.y + 12);
    await page.mouse.down();
    await page.mouse.move(before.x + 240, before.y + 112, { steps: 5 });
    await page.mouse.up();
    const after = (await pip.boundingBox())!;
    expect([Math.round(after.x - before.x), Math.round(after.y - before.y)]).toEqual([200, 100]);
    await pip.getByRole("button", { name: "Full screen" }).focus();
    await page.keyboard.press("Escape");
    await expect.poll(() => pip.count()).toBe(0);
    expect(await cvPopover.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => cvPopover.count()).toBe(0);

    // A multiple field: both files listed, Add file enabled; the audio preview shows its time as m:ss.
    await page.getByRole("button", { name: "Files: hello.wav, bye.wav" }).click();
    const voice = page.getByRole("dialog", { name: "Voice notes" });
    expect(await voice.getByRole("listitem").count()).toBe(2);
    expect(await voice.getByRole("button", { name: "Add file" }).isDisabled()).toBe(false);
    await voice.getByRole("button", { name: "Preview" }).first().click();
    const audio = page.getByRole("dialog", { name: "Preview of hello.wav" });
    await expect.poll(() => audio.getByTestId("media-time").innerText(), { timeout: 10_000 }).toBe("0:00 / 0:02");

    // Keyboard: Escape closes the viewer, then the popover; Enter on the cell opens the popover again.
    await page.keyboard.press("Escape");
    await expect.poll(() => audio.count()).toBe(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => voice.count()).toBe(0);
    // Focus is back on the cell that opened the popover before Enter is pressed there.
    await expect.poll(() => page.evaluate(() => {
      const focused = document.activeElement;
      const cell = focused?.matches("[data-testid=file-cell]") ? focused : focused?.querySelector("[data-testid=file-cell]");
      return cell?.getAttribute("aria-label") ?? focused?.outerHTML.slice(0, 120) ?? null;
    })).toBe("Files: hello.wav, bye.wav");
    // Pressed again while the popover has not opened: in CI (load 7) one Enter on the focused cell opened nothing in 5 s,
    // as a row re-render swallowed a double-click in data-grid.test.ts (the replace above arrives live).
    await expect.poll(async () => {
      if (!(await voice.count())) await page.keyboard.press("Enter");
      return voice.isVisible();
    }, { timeout: 15_000, interval: 1_500 }).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
