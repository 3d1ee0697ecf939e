/**
 * Pay in Chromium against the built server and the local Stripe stand-in (docs/payments.md):
 * with STRIPE_API_BASE set, the payment section draws Fieldwork's own card form (spec 1
 * §2.3), Pay replaces Next there and Submit is hidden (§4.1); a buyer picks a ticket, pays
 * with a test card and sees the ending, the row holds what was paid and the stand-in one
 * charge, and the owner's products page shows the ticket's stock one lower (committed one
 * higher); a declined card shows the provider's message and stores nothing, its stock as it
 * was; the owner opens the paid row's record panel, sees its payment and refunds it once, and
 * the grid's payment cell and the record panel then read it refunded. No real provider is
 * contacted.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandin, type StripeStandin } from "../packages/server/src/payments/stripe-standin";
import { openBrowser } from "./browser";
import { CHROMIUM_AVAILABLE, startServer, type RunningServer } from "./harness";
import { callPrivate, shootBothSchemes, signUpInBrowser } from "./session";

const definition = {
  format: "fieldwork.form", version: 1, title: "Concert", settings: { published: true },
  fields: [
    { name: "ticket", type: "radio", label: "Ticket", required: true, options: [{ value: "early", label: "Early bird", price: 1000 }, { value: "late", label: "Late", price: 2500 }] },
    { name: "pay", type: "payment", label: "Card", data: { service_provider: "stripe", currency: "usd" } },
  ],
  blocks: [
    { type: "section", children: [{ type: "field", field: "ticket" }] },
    { type: "section", contains_payment: true, children: [{ type: "field", field: "pay" }] },
  ],
  // The tickets are a store product's values, 5 of each: the owner watches the stock move.
  inventory: {
    store: { name: "Box office", currency: "USD" },
    items: [
      { field: "ticket", option: "early", sku: "TICKET-EARLY", available: 5, on_hand: 5, product: { name: "Concert ticket", option: "Ticket", value: "Early", unit_price: 1000 } },
      { field: "ticket", option: "late", sku: "TICKET-LATE", available: 5, on_hand: 5, product: { name: "Concert ticket", option: "Ticket", value: "Late", unit_price: 2500 } },
    ],
  },
};

describe.skipIf(!CHROMIUM_AVAILABLE)("Pay in Chromium against the Stripe stand-in", () => {
  let standin: StripeStandin;
  let server: RunningServer;
  let browser: Browser;
  let formId = "";
  let owner: Page;
  let dataUrl = "";
  beforeAll(async () => {
    standin = await startStripeStandin();
    [server, browser] = await Promise.all([
      startServer({ env: { STRIPE_API_BASE: standin.base, STRIPE_SECRET_KEY: standin.secret_key, STRIPE_PUBLISHABLE_KEY: "pk_test_standin", STRIPE_WEBHOOK_SECRET: standin.webhook_secret } }),
      openBrowser(),
    ]);
    standin.webhook_url = `${server.url}/webhooks/stripe`;
    const file = join(server.dataDir, "payments.json");
    writeFileSync(file, JSON.stringify(definition));
    // The form lives in a project of an owner signed in on `owner` (the record panel's test).
    owner = await browser.newPage();
    await signUpInBrowser(owner, server, { name: "Pat Owner", email: `pay-owner-${Date.now().toString(36)}@example.com` });
    const org = await callPrivate(owner, "POST", "/organizations", { name: "pay-org", display_name: "Concerts" });
    const project = await callPrivate(owner, "POST", `/organizations/${org.id}/projects`, { name: "tickets" });
    formId = (JSON.parse(server.cli(["forms", "import", file, "--project", project.id])) as { id: string }).id;
    const documents = await callPrivate<{ id: string; form_id: string | null }[]>(owner, "GET", `/projects/${project.id}/documents`);
    dataUrl = `${server.url}/pay-org/tickets/${documents.find((d) => d.form_id === formId)!.id}/data/responses`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await standin?.close();
  });
  /** The stock of a ticket as the owner reads it on the store's products page: available and committed. */
  async function stockOf(value: "Early" | "Late"): Promise<{ available: number; committed: number }> {
    await owner.goto(dataUrl.replace(/\/data\/responses$/, "/connect/store/products"));
    const available = owner.getByRole("spinbutton", { name: `Available of Ticket ${value}` });
    await available.waitFor({ timeout: 20_000 });
    const cells = owner.getByRole("table", { name: "Values of Concert ticket" }).getByRole("row", { name: new RegExp(`^Ticket ${value}`) }).getByRole("cell");
    return { available: Number(await available.inputValue()), committed: Number(await cells.nth(4).textContent()) };
  }
  const rows = () => server.cli(["responses", "list", formId]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

  async function toPayment(choice: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(`${server.url}/d/e/${formId}`);
    await page.locator("form[data-fw-ready]").waitFor();
    await page.getByLabel(choice).check();
    expect(await page.getByRole("button", { name: "Pay" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Card number").waitFor();
    // A section with the payment: Pay instead of Next, no Submit.
    expect(await page.getByRole("button", { name: "Pay" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Next" }).isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Submit" }).isVisible()).toBe(false);
    expect(await page.getByLabel("Card number").getAttribute("maxlength")).toBe("19");
    return { page, errors };
  }

  async function fillCard(page: Page, number: string) {
    await page.getByLabel("Card number").fill(number);
    await page.getByLabel("Expiry").fill("04 / 30");
    await page.getByLabel("CVC").fill("123");
    await page.getByLabel("Country").selectOption("US");
    await page.getByLabel("ZIP").fill("94103");
  }

  it("a buyer picks a ticket, pays with a test card and sees the ending; the row holds the payment, the owner sees the stock move", async () => {
    expect(await stockOf("Early")).toEqual({ available: 5, committed: 0 });
    const { page, errors } = await toPayment("Early bird");
    expect(await page.locator("[data-fw-total]").textContent()).toBe("Total $10");
    await fillCard(page, "4242 4242 4242 4242");
    await shootBothSchemes(page, "payment-card-form");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/complete/);
    const [row] = rows();
    expect(row?.ticket).toBe("early");
    const paid = typeof row?.pay === "string" ? JSON.parse(row.pay) : row?.pay;
    expect(paid).toMatchObject({ provider: "stripe", amount: 1000, currency: "usd", status: "succeeded" });
    expect(standin.charges).toHaveLength(1);
    expect(standin.charges[0]).toMatchObject({ amount: 1000, payment_intent: paid.provider_id, card_last4: "4242" });
    expect(errors).toEqual([]);
    await page.close();
    // One ticket left the shelf: the owner's products page counts it committed.
    expect(await stockOf("Early")).toEqual({ available: 4, committed: 1 });
    expect(await stockOf("Late")).toEqual({ available: 5, committed: 0 });
  });

  it("a declined card shows the provider's message and stores nothing", async () => {
    const before = rows().length;
    const { page, errors } = await toPayment("Late");
    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay" }).click();
    const badge = page.getByTestId("error-badge");
    await badge.waitFor();
    expect(await badge.textContent()).toContain("Your card was declined.");
    expect(rows()).toHaveLength(before);
    expect(standin.charges).toHaveLength(1);
    // The hold went back with the decline: the stock is as it was.
    expect(await stockOf("Late")).toEqual({ available: 5, committed: 0 });
    // The same buyer pays again with a good card: one charge more, one row.
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/complete/);
    expect(rows()).toHaveLength(before + 1);
    expect(standin.charges).toHaveLength(2);
    expect(standin.charges[1]!.amount).toBe(2500);
    expect(errors).toEqual([]);
    await page.close();
    expect(await stockOf("Late")).toEqual({ available: 4, committed: 1 });
  });

  it("the owner sees the paid row's payment in the record panel and refunds it once", async () => {
    const errors: string[] = [];
    owner.on("pageerror", (error) => errors.push(String(error)));
    await owner.setViewportSize({ width: 1440, height: 900 });
    await owner.goto(dataUrl);
    const paidRow = owner.getByRole("row").filter({ hasText: "$10 succeeded" });
    await paidRow.waitFor({ timeout: 20_000 });
    await paidRow.hover();
    await paidRow.getByRole("button", { name: /^Open #/ }).click();
    const section = owner.getByRole("region", { name: "Payment" });
    await section.getByText("Charge · $10 · succeeded").waitFor();
    const intent = standin.charges[0]!.payment_intent;
    expect(await section.textContent()).toContain(`Stripe ${intent}`);
    // The receipt's data, kept with the payment: the store's product, quantity, price, total.
    const receipt = section.locator("[data-fw-receipt]");
    expect(await receipt.getByRole("listitem").allTextContents()).toEqual(["Early bird (Concert ticket: Ticket Early) × 1 · $10"]);
    expect(await receipt.textContent()).toContain("Total $10");
    await section.getByRole("button", { name: "Refund" }).click();
    const dialog = owner.getByRole("alertdialog");
    expect(await dialog.textContent()).toContain("gives $10 back");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await section.getByText("Refund · $10 · succeeded").waitFor();
    // Refunded once: the button is gone, and a replay is refused.
    expect(await section.getByRole("button", { name: "Refund" }).count()).toBe(0);
    expect(standin.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    const row = rows().find((r) => r.ticket === "early")!;
    const replay = await owner.evaluate(async (path) => {
      const me = (await (await fetch("/private/editor/me")).json()) as { data: { csrf_token: string } };
      const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json", "x-fieldwork-csrf": me.data.csrf_token }, body: "{}" });
      return { status: response.status, code: ((await response.json()) as { error: { code: string } }).error.code };
    }, `/private/editor/forms/${formId}/responses/${String(row.id)}/refund`);
    expect(replay).toEqual({ status: 409, code: "PAYMENT_ALREADY_REFUNDED" });
    expect(standin.refunds).toHaveLength(1);
    // The grid's payment cell and the record panel follow the refund (the row feed reads the row again).
    const refunded = `$10 paid, $10 refunded (stripe ${intent})`;
    await owner.getByRole("row").filter({ hasText: refunded }).waitFor({ timeout: 20_000 });
    expect(await owner.getByRole("row").filter({ hasText: "$10 succeeded" }).count()).toBe(0);
    await owner.getByText(refunded, { exact: true }).nth(1).waitFor({ timeout: 20_000 });
    // A refund gives money back, not the ticket: it stays committed.
    await shootBothSchemes(owner, "payment-record-panel");
    expect(await stockOf("Early")).toEqual({ available: 4, committed: 1 });
    expect(errors).toEqual([]);
  });
});
