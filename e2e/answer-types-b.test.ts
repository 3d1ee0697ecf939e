/**
 * Issue 22's answer types, part B, in Chromium: a signature drawn on the pad, rich text typed
 * in Tiptap, two instances of an array field, a sketch from the canvas editor's sample; each
 * stored value checked in the row. Then the same form without JavaScript (native controls; the
 * required signature as a photo of it, which the server stores as the pad's PNG), and the
 * server's refusals of what the browser would not send.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("signature, rich text, canvas and array fields in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });
  let formId = "";

  const rows = () => env.server.cli(["responses", "list", formId]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  const importForm = (name: string, definition: unknown) => {
    const file = join(env.server.dataDir, `${name}.json`);
    writeFileSync(file, JSON.stringify(definition));
    return (JSON.parse(env.server.cli(["forms", "import", file])) as { id: string }).id;
  };
  const definition = (signatureRequired: boolean) => ({
    format: "fieldwork.form", version: 1, title: "Types B", settings: { published: true },
    fields: [
      { name: "story", type: "richtext", label: "Your story", required: true },
      { name: "sign", type: "signature", label: "Signature", required: signatureRequired },
      { name: "emails", type: "email", label: "Emails", is_array: true },
      { name: "sketch", type: "canvas", label: "Sketch" },
    ],
    blocks: [{ type: "section", children: ["story", "sign", "emails", "sketch"].map((field) => ({ type: "field", field })) }],
  });

  it("imports each type, and refuses an array field of a type that cannot repeat", () => {
    formId = importForm("types-b", definition(true));
    expect(formId).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => importForm("bad-array", { ...definition(true), fields: [{ name: "when", type: "date", is_array: true }], blocks: [] }))
      .toThrow(/FIELD_TYPE_NOT_SUPPORTED[\s\S]*is_array|is_array[\s\S]*FIELD_TYPE_NOT_SUPPORTED/);
  });

  it("with JavaScript: draws, types, adds an instance, sketches, submits, and every value is in the row", async () => {
    const page = await env.browser.newPage();
    await page.goto(`${env.server.url}/d/e/${formId}`);
    const pad = page.getByTestId("signature-pad");
    await expect.poll(() => pad.isVisible(), { timeout: 15_000 }).toBe(true);
    // The server-rendered pad shows before the page is interactive; a stroke drawn then is lost.
    await page.locator("form[data-fw-ready]").waitFor();
    expect((await pad.boundingBox())!.height).toBe(180);
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 120);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 20, box.y + 120 - (i % 2) * 60);
    await page.mouse.up();
    await expect.poll(() => page.locator('input[name="sign"]').inputValue()).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);

    const editor = page.getByTestId("richtext-editor");
    await expect.poll(() => editor.isVisible()).toBe(true);
    await editor.click();
    await page.keyboard.type("Hello ");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("world");

    await page.getByLabel("Emails 1").fill("ada@example.com");
    await page.getByRole("button", { name: "Add another" }).click();
    await page.getByLabel("Emails 2").fill("grace@example.com");

    await page.getByRole("button", { name: "Open the sketch editor" }).click();
    const dialog = page.getByTestId("sketch-editor");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole("region", { name: "Layers" }).isVisible()).toBe(true);
    expect(await dialog.getByRole("region", { name: "Properties" }).isVisible()).toBe(true);
    await dialog.getByTestId("sketch-sample").click();
    await expect.poll(() => dialog.getByRole("button", { name: "Sun" }).isVisible()).toBe(true);
    // A rectangle dragged on the drawing becomes a layer (the sample has two), its properties on the right.
    await dialog.getByRole("button", { name: "Rectangle" }).click();
    const stage = (await dialog.getByTestId("sketch-stage").boundingBox())!;
    await page.mouse.move(stage.x + stage.width * 0.2, stage.y + stage.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(stage.x + stage.width * 0.4, stage.y + stage.height * 0.5, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => dialog.getByRole("button", { name: "Rectangle 3" }).isVisible()).toBe(true);
    expect(await dialog.getByLabel("Fill colour").isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/, { timeout: 15_000 });
    const row = rows().at(-1)!;
    expect(row.story).toBe("<p>Hello <strong>world</strong></p>");
    expect(row.sign).toMatch(/^data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/]+=*$/);
    expect(row.emails).toEqual(["ada@example.com", "grace@example.com"]);
    expect((row.sketch as { layers: { name: string }[] }).layers.map((l) => l.name)).toEqual(["Sky", "Sun", "Ground", "Hill", "Rectangle 3"]);
    await page.close();
  });

  it("without JavaScript: a photo for the required signature, a textarea for rich text and the sketch, repeated inputs for the array; the HTML is cleaned", async () => {
    const id = importForm("types-b-nojs", definition(true));
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/d/e/${id}`);
    const signature = page.getByLabel("Signature");
    expect(await signature.getAttribute("type")).toBe("file");
    expect(await signature.getAttribute("accept")).toBe("image/png,image/jpeg,image/webp");
    expect(await signature.evaluate((input: HTMLInputElement) => input.required)).toBe(true);
    expect(await page.getByText("upload a photo of your signature").count()).toBe(1);
    await page.locator('textarea[name="story"]').fill('<p onclick="alert(1)">Plain <a href="javascript:alert(1)">link</a></p><script>alert(1)</script>');
    const emails = page.locator('input[name="emails"]');
    expect(await emails.count()).toBe(3);
    await emails.nth(0).fill("ada@example.com");
    await emails.nth(2).fill("lin@example.com");
    await page.locator('textarea[name="sketch"]').fill(JSON.stringify({ layers: [{ type: "rect", x: 1, y: 2, w: 3, h: 4 }] }));
    // A phone photo of a signature on paper: a JPEG, larger than the pad.
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#fdfdf8" } })
      .composite([{ input: Buffer.from('<svg width="1600" height="900"><path d="M100 700 C 500 100, 900 900, 1500 200" stroke="#123" stroke-width="14" fill="none"/></svg>') }])
      .jpeg().toBuffer();
    await signature.setInputFiles({ name: "signature.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/, { timeout: 15_000 });
    const row = env.server.cli(["responses", "list", id]).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>).at(-1)!;
    expect(row.story).toBe("<p>Plain <a rel=\"noopener noreferrer\">link</a></p>");
    expect(row.emails).toEqual(["ada@example.com", "lin@example.com"]);
    expect(row.sketch).toEqual({ layers: [{ type: "rect", x: 1, y: 2, w: 3, h: 4 }] });
    // The pad's own value: a PNG data URL, the photo drawn at most twice the pad's size.
    expect(row.sign).toMatch(/^data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/]+=*$/);
    const stored = await sharp(Buffer.from(String(row.sign).split(",")[1]!, "base64")).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(["png", 640, 360]);
    await context.close();
  });

  it("without JavaScript: a file that is not a picture comes back refused under the signature; a good photo on a refused post is kept", async () => {
    const id = importForm("types-b-nojs-bad", definition(true));
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/d/e/${id}`);
    await page.locator('textarea[name="story"]').fill("<p>x</p>");
    await page.getByLabel("Signature").setInputFiles({ name: "sig.png", mimeType: "image/png", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => page.getByTestId("field-error-summary").isVisible()).toBe(true);
    expect(await page.locator("#fw-sign-error").innerText()).toBe("Choose a file of type PNG, JPEG, WebP.");
    expect(env.server.cli(["responses", "list", id]).trim()).toBe("");

    // A good photo on a post refused for another field is kept: the page shows it, the next post stores it.
    await page.evaluate(() => { document.querySelector("form")!.noValidate = true; });
    await page.locator('textarea[name="story"]').fill("");
    const photo = await sharp({ create: { width: 600, height: 200, channels: 3, background: "#ffffff" } }).png().toBuffer();
    await page.getByLabel("Signature").setInputFiles({ name: "sig.png", mimeType: "image/png", buffer: photo });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => page.getByTestId("signature-kept").isVisible()).toBe(true);
    expect(await page.locator("#fw-sign-error").count()).toBe(0);
    await page.locator('textarea[name="story"]').fill("<p>Now with a story</p>");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/, { timeout: 15_000 });
    const row = JSON.parse(env.server.cli(["responses", "list", id]).trim().split("\n").at(-1)!) as Record<string, unknown>;
    expect(String(row.sign)).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(row.story).toBe("<p>Now with a story</p>");
    await context.close();
  });

  it("refuses a forged signature, a sketch that is not one and too many instances, each with its code", async () => {
    const post = (fields: [string, string][]) => fetch(`${env.server.url}/submit/${formId}`, {
      method: "POST", headers: { accept: "application/json" }, body: new URLSearchParams([["story", "<p>x</p>"], ...fields]),
    }).then(async (r) => ({ status: r.status, body: await r.text() }));
    const forged = await post([["sign", "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="]]);
    expect(forged.status).toBe(400);
    expect(forged.body).toMatch(/INVALID_FIELD_VALUE/);
    const sketch = await post([["sign", "data:image/png;base64,iVBORw0KGgoAAAA"], ["sketch", '{"layers":{}}']]);
    expect(sketch.status).toBe(400);
    expect(sketch.body).toMatch(/INVALID_FIELD_VALUE[\s\S]*sketch|sketch[\s\S]*INVALID_FIELD_VALUE/);
    const many = await post([["sign", "data:image/png;base64,iVBORw0KGgoAAAA"], ...Array.from({ length: 21 }, (_, i): [string, string] => ["emails", `a${i}@example.com`])]);
    expect(many.status).toBe(400);
    expect(many.body).toMatch(/at most 20/);
  });
});
