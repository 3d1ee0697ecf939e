/**
 * Webhooks through the workbench against a server of the file's own (`npm start` with
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS=true, so a receiver on 127.0.0.1 is allowed): an owner
 * opens Connect → Channels, is told why a bad URL is refused, adds the receiver, publishes;
 * a visitor submits; the receiver gets the signed event and the delivery log shows it
 * without a reload; Redeliver sends the same event again; the webhook is deleted after a
 * confirmation.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_AVAILABLE } from "./harness";
import { openNewFormCanvas, useServerAndBrowser } from "./session";

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (c: Buffer) => chunks.push(c));
  request.on("end", () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
    response.writeHead(200, { "content-type": "text/plain" }).end("thanks");
  });
});
let receiverUrl = "";

describe.skipIf(!CHROMIUM_AVAILABLE)("webhooks in the workbench, in Chromium", () => {
  const env = useServerAndBrowser({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" } });
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/fieldwork`;
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("adds a webhook in connect/channels, and a submit shows up in its delivery log", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Wes Hooks", slug: "hooks" }, "Webhook form");
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill("Text");
    await page.getByRole("option", { name: "Text", exact: true }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: /Sav|Fail/ }).textContent()).toBe("Saved!");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
    const publicHref = (await page.getByRole("link", { name: "Open public form" }).getAttribute("href"))!;

    await page.getByRole("link", { name: "Channels" }).click();
    await page.waitForURL(/\/connect\/channels$/);
    await expect.poll(() => page.getByText("No webhooks yet").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("No deliveries yet.", { exact: false }).isVisible()).toBe(true);

    // A bad URL is explained under the field, by keyboard alone.
    const url = page.getByLabel("Endpoint URL");
    await url.fill("https://me:secret@example.com/hook");
    await url.press("Enter");
    await expect.poll(() => page.getByText("A webhook URL may not carry a user name or password", { exact: false }).isVisible()).toBe(true);
    expect(await url.getAttribute("aria-invalid")).toBe("true");

    await url.fill(receiverUrl);
    await url.press("Enter");
    const card = page.getByRole("region", { name: `Webhook ${receiverUrl}` });
    await expect.poll(() => card.isVisible()).toBe(true);
    const secret = (await card.locator("[data-webhook-secret]").textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await card.getByRole("button", { name: "Hide" }).click();
    await expect.poll(() => card.locator("[data-webhook-secret]").textContent()).toContain("…");
    expect(await url.inputValue()).toBe("");

    // A visitor submits; the receiver gets the signed event.
    const visitor = await (await env.browser.newContext()).newPage();
    await visitor.goto(`${env.server.url}${publicHref}`);
    await visitor.getByLabel("Text").fill("Ada");
    await visitor.getByRole("button", { name: "Submit" }).click();
    await visitor.waitForURL(/\/complete/);
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [first] = received;
    const signed = `${first!.headers["fieldwork-timestamp"]}.${first!.body}`;
    expect(first!.headers["fieldwork-signature"]).toBe(`v1=${createHmac("sha256", secret).update(signed).digest("hex")}`);
    expect(JSON.parse(first!.body)).toMatchObject({ type: "response.created", data: { response: { local_index: 1 } } });

    // The open page reads its log again: the delivery appears without a reload.
    const row = page.locator("[data-delivery]").first();
    await expect.poll(() => row.getAttribute("data-delivery-status"), { timeout: 15_000 }).toBe("delivered");
    expect(await row.getByText("Delivered").isVisible()).toBe(true);
    expect(await row.getByText("200", { exact: true }).isVisible()).toBe(true);

    // Redeliver: the same event once more, and a second row in the log.
    await row.getByRole("button", { name: /^Redeliver/ }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received[1]!.headers["fieldwork-event-id"]).toBe(first!.headers["fieldwork-event-id"]);
    await expect.poll(() => page.locator("[data-delivery]").count(), { timeout: 15_000 }).toBe(2);

    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/channels.png`, fullPage: true });

    // Rotate, after a confirmation: a new secret.
    await card.getByRole("button", { name: "Show" }).click();
    await card.getByRole("button", { name: "Rotate" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Rotate secret" }).click();
    await expect.poll(() => card.locator("[data-webhook-secret]").textContent()).not.toBe(secret);
    expect(await card.locator("[data-webhook-secret]").textContent()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    // Delete, after a confirmation.
    await card.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete webhook" }).click();
    await expect.poll(() => page.getByText("No webhooks yet").isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
