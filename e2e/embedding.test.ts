/**
 * Embedding in Chromium (docs/embedding.md): a host page on another origin (its own port)
 * embeds a two-section form with the script tag (`/embed.js`) and a hidden-field value in
 * `data-fieldwork-params`, and another through the iframe snippet, which the script adopts. The page receives all six events of spec 1 §7 as DOM events, the
 * frame follows the form's height when the section changes, a frame of the host's own origin
 * posting a forged height is ignored, and the hidden value lands in the submitted row.
 */
import { createServer, type Server } from "node:http";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EMBED_EVENT_TYPES, EMBED_NAMESPACE } from "@fieldwork/core";
import { freePort } from "../packages/server/src/test/built-server";
import { CHROMIUM_AVAILABLE } from "./harness";
import { useServerAndBrowser } from "./session";

interface Seen { type: string; detail: { namespace: string; type: string; form_id: string; data: Record<string, unknown> } }

/** A page of another origin: the form's placeholder, the script tag, and a forging frame of its own. */
function hostPage(formServer: string, formId: string, adoptedId: string): string {
  const listen = JSON.stringify(EMBED_EVENT_TYPES);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<h1>Our shop</h1>
<div id="slot" data-fieldwork-form="${formId}" data-fieldwork-params="ref=host-7"></div>
<iframe id="adopted" data-fieldwork-form="${adoptedId}" src="${formServer}/d/e/${adoptedId}?ref=iframe" title="Adopted" style="width:100%;height:640px;border:0"></iframe>
<iframe id="forger" srcdoc="<script>setInterval(() => parent.postMessage({ namespace: '${EMBED_NAMESPACE}', type: 'resize', form_id: '${formId}', height: 7 }, '*'), 50)</script>"></iframe>
<script>
  window.seen = [];
  for (const type of ${listen}) document.addEventListener("fieldwork:" + type, (event) => window.seen.push({ type, detail: event.detail }));
</script>
<script src="${formServer}/embed.js" async></script>
</body></html>`;
}

describe.skipIf(!CHROMIUM_AVAILABLE)("a form embedded on another origin in Chromium", () => {
  const env = useServerAndBrowser();
  let host: Server | undefined;
  afterAll(async () => {
    await new Promise((resolve) => (host ? host.close(resolve) : resolve(undefined)));
  });

  it("sends all six events to the host page, resizes the frame with the section and submits the hidden value", async () => {
    const file = join(env.server.dataDir, "embedded.json");
    writeFileSync(file, JSON.stringify({
      format: "fieldwork.form", version: 1, title: "Embedded signup",
      settings: { published: true },
      fields: [
        { name: "name", type: "text", label: "Your name", required: true },
        { name: "about", type: "textarea", label: "About you" },
        { name: "why", type: "textarea", label: "Why this workshop" },
        { name: "diet", type: "textarea", label: "Diet" },
        { name: "ref", type: "hidden", required: true },
      ],
      blocks: [
        { type: "section", title_html: "You", children: [{ type: "field", field: "name" }, { type: "field", field: "ref" }] },
        { type: "section", title_html: "More", children: [{ type: "field", field: "about" }, { type: "field", field: "why" }, { type: "field", field: "diet" }] },
      ],
    }));
    const { id } = JSON.parse(env.server.cli(["forms", "import", file])) as { id: string };
    const { id: adoptedId } = JSON.parse(env.server.cli(["forms", "import", file])) as { id: string };
    const port = await freePort();
    host = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(hostPage(env.server.url, id, adoptedId));
    });
    await new Promise<void>((resolve) => host!.listen(port, "localhost", resolve));
    const hostUrl = `http://localhost:${port}`;
    expect(new URL(hostUrl).origin).not.toBe(new URL(env.server.url).origin);

    const page = await env.browser.newPage();
    await page.setViewportSize({ width: 900, height: 800 });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(hostUrl);
    const seen = () => page.evaluate(() => (window as unknown as { seen: Seen[] }).seen);
    const types = async () => (await seen()).map((s) => s.type);
    const frameHeight = () => page.locator("#slot iframe").evaluate((el) => Math.round(el.getBoundingClientRect().height));

    const typesOf = async (formId: string) => (await seen()).filter((s) => s.detail.form_id === formId).map((s) => s.type);
    await expect.poll(() => typesOf(id), { timeout: 20_000 }).toEqual(expect.arrayContaining(["messaging_interface_ready", "form_view_loaded"]));
    const loaded = (await seen()).find((s) => s.type === "form_view_loaded" && s.detail.form_id === id)!;
    expect(loaded.detail).toEqual({ namespace: EMBED_NAMESPACE, type: "form_view_loaded", form_id: id, data: { sections: 2 } });
    // The frame took the first section's height (not its 640px default), whatever the forger says.
    const form = page.frameLocator("#slot iframe");
    await expect.poll(frameHeight).not.toBe(640);
    const first = await frameHeight();
    expect(first).toBeGreaterThan(100);
    await page.waitForTimeout(300);
    expect(await frameHeight()).toBe(first);
    // The iframe snippet's frame, adopted by the script, takes its form's height too.
    await expect.poll(() => page.locator("#adopted").evaluate((el) => Math.round(el.getBoundingClientRect().height))).toBe(first);

    await form.getByLabel("Your name").fill("Ada");
    await form.getByLabel("Your name").blur();
    await expect.poll(async () => (await seen()).filter((s) => s.type === "change").map((s) => s.detail.data)).toContainEqual({ name: "name" });
    await form.getByRole("button", { name: "Next" }).click();
    await expect.poll(frameHeight).toBeGreaterThan(first + 100);
    // The frame is as tall as the form: nothing scrolls inside it.
    expect(await page.locator("#slot iframe").evaluate((el: HTMLIFrameElement) => el.contentWindow !== null)).toBe(true);

    // A fragment navigation of the frame: hashchange and popstate, with the frame's hash.
    await page.locator("#slot iframe").evaluate((el: HTMLIFrameElement) => { el.src = `${el.src.split("#")[0]}#more`; });
    await expect.poll(types).toEqual(expect.arrayContaining(["hashchange", "popstate"]));
    expect((await seen()).find((s) => s.type === "hashchange")!.detail.data).toEqual({ hash: "#more" });

    await form.getByLabel("Diet").fill("none");
    await form.getByRole("button", { name: "Submit" }).click();
    await expect.poll(async () => (await seen()).filter((s) => s.type === "submit").map((s) => s.detail.data), { timeout: 15_000 })
      .toEqual([{ phase: "start" }, { phase: "result", ok: true }]);
    expect(new Set(await types())).toEqual(new Set(EMBED_EVENT_TYPES));

    const rows = env.server.cli(["responses", "list", id]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Ada", ref: "host-7", diet: "none" });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("answers the script at its stable address for any site to load", async () => {
    const response = await fetch(`${env.server.url}/embed.js?v=${encodeURIComponent("<script>")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const again = await fetch(`${env.server.url}/embed.js`, { headers: { "if-none-match": response.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect((await response.text()).length).toBeLessThan(8_000);
  });
});
