/**
 * Pay with Toss Payments in Chromium against the built server and the local Toss stand-in
 * (docs/payments.md "Toss Payments"): with TOSS_API_BASE set, Pay asks the payment session and
 * opens the stand-in's checkout page (Toss's SDK loads from its CDN, which tests never reach);
 * "Pay" there comes back to successUrl, the server confirms once and the buyer sees the ending
 * with the row paid in won; "Cancel" comes back to failUrl, which shows Toss's message, gives
 * the unit back and stores nothing, in the form's language (a Korean form's page is Korean).
 * No real provider is contacted.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STANDIN_CANCELED, startTossStandin, type TossStandin } from "../packages/server/src/payments/toss-standin";
import { openBrowser } from "./browser";
import { CHROMIUM_AVAILABLE, startServer, type RunningServer } from "./harness";

const definition = {
  format: "fieldwork.form", version: 1, title: "Seoul concert", settings: { published: true },
  fields: [
    { name: "ticket", type: "radio", label: "Ticket", required: true, options: [{ value: "early", label: "Early bird", price: 5000 }, { value: "late", label: "Late", price: 12000 }] },
    { name: "email", type: "email", label: "Email" },
    { name: "pay", type: "payment", label: "Payment", data: { service_provider: "tosspayments" } },
  ],
  blocks: [
    { type: "section", children: [{ type: "field", field: "ticket" }, { type: "field", field: "email" }] },
    { type: "section", contains_payment: true, children: [{ type: "field", field: "pay" }] },
  ],
};

describe.skipIf(!CHROMIUM_AVAILABLE)("Pay with Toss Payments in Chromium against the stand-in", () => {
  let standin: TossStandin;
  let server: RunningServer;
  let browser: Browser;
  let formId = "";
  let koreanFormId = "";
  beforeAll(async () => {
    standin = await startTossStandin();
    [server, browser] = await Promise.all([
      startServer({ env: { TOSS_API_BASE: standin.base, TOSS_SECRET_KEY: standin.secret_key, TOSS_CLIENT_KEY: standin.client_key } }),
      openBrowser(),
    ]);
    const file = join(server.dataDir, "toss.json");
    writeFileSync(file, JSON.stringify(definition));
    formId = (JSON.parse(server.cli(["forms", "import", file])) as { id: string }).id;
    // The same form in Korean (its theme's language): the public pages, the fail page too, speak it.
    const korean = join(server.dataDir, "toss-ko.json");
    writeFileSync(korean, JSON.stringify({ ...definition, title: "서울 콘서트", theme: { lang: "ko" } }));
    koreanFormId = (JSON.parse(server.cli(["forms", "import", korean])) as { id: string }).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await standin?.close();
  });
  const rows = () => server.cli(["responses", "list", formId]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

  async function toCheckout(choice: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(`${server.url}/d/e/${formId}`);
    await page.locator("form[data-fw-ready]").waitFor();
    await page.getByLabel(choice).check();
    await page.getByLabel("Email").fill("buyer@example.kr");
    await page.getByRole("button", { name: "Next" }).click();
    await page.locator("[data-fw-provider=tosspayments]").waitFor();
    expect(await page.getByRole("button", { name: "Submit" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(`${standin.base}/checkout?**`);
    return { page, errors };
  }

  it("a buyer pays on the checkout and sees the ending; the row holds the payment, Toss one charge", async () => {
    const { page, errors } = await toCheckout("Early bird");
    expect(await page.locator("[data-amount]").textContent()).toBe("₩5,000");
    const checkout = new URL(page.url());
    expect(checkout.searchParams.get("customerEmail")).toBe("buyer@example.kr");
    expect(checkout.searchParams.get("orderName")).toBe("Seoul concert");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/complete/);
    const [row] = rows();
    expect(row?.ticket).toBe("early");
    const paid = typeof row?.pay === "string" ? JSON.parse(row.pay) : row?.pay;
    expect(paid).toMatchObject({ provider: "tosspayments", amount: 5000, currency: "krw", status: "succeeded" });
    expect(standin.charges).toHaveLength(1);
    expect(standin.charges[0]).toMatchObject({ paymentKey: paid.provider_id, totalAmount: 5000, orderId: checkout.searchParams.get("orderId") });
    // The success page again (a reload, a shared link): the same ending, no second charge.
    const again = new URL(`${server.url}/integrations/tosspayments/payments/success`);
    for (const [k, v] of Object.entries({ form_id: formId, paymentKey: paid.provider_id, orderId: checkout.searchParams.get("orderId")!, amount: "5000" })) again.searchParams.set(k, v);
    await page.goto(again.toString());
    await page.waitForURL(/\/complete/);
    expect(standin.charges).toHaveLength(1);
    expect(rows()).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a buyer who cancels on the checkout sees Toss's message, nothing is stored, and gets back to the form", async () => {
    const before = rows().length;
    const { page, errors } = await toCheckout("Late");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(/\/integrations\/tosspayments\/payments\/fail/);
    expect(await page.locator("[data-fw-payment-message]").textContent()).toBe(STANDIN_CANCELED.message);
    expect(await page.getByText("Nothing was charged.").isVisible()).toBe(true);
    expect(rows()).toHaveLength(before);
    expect(standin.charges).toHaveLength(1);
    await page.getByRole("link", { name: "Back to the form" }).click();
    await page.locator("form[data-fw-ready]").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("on a Korean form the fail page is Korean: its title, that nothing was charged, the way back", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(`${server.url}/d/e/${koreanFormId}`);
    await page.locator("form[data-fw-ready]").waitFor();
    await page.getByLabel("Late").check();
    await page.getByRole("button", { name: "다음" }).click();
    await page.locator("[data-fw-provider=tosspayments]").waitFor();
    await page.getByRole("button", { name: "결제" }).click();
    await page.waitForURL(`${standin.base}/checkout?**`);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(/\/integrations\/tosspayments\/payments\/fail/);
    expect(await page.locator("html").getAttribute("lang")).toBe("ko");
    expect(await page.title()).toBe("결제가 완료되지 않았습니다");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("결제가 완료되지 않았습니다");
    expect(await page.locator("[data-fw-payment-message]").textContent()).toBe(STANDIN_CANCELED.message);
    expect(await page.getByText("청구된 금액은 없습니다.").isVisible()).toBe(true);
    expect(await page.getByText("Nothing was charged.").count()).toBe(0);
    await page.getByRole("link", { name: "양식으로 돌아가기" }).click();
    await page.locator("form[data-fw-ready]").waitFor();
    expect(page.url()).toContain(`/d/e/${koreanFormId}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a payment session the server refuses is swallowed: no message, the buyer stays on the form and Pay works again", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    let refused = 0;
    await page.route("**/integrations/tosspayments/payments/session", (route) => {
      refused += 1;
      return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ data: null, error: { code: "PAYMENT_PROVIDER_UNAVAILABLE", message: "down" } }) });
    });
    await page.goto(`${server.url}/d/e/${formId}`);
    await page.locator("form[data-fw-ready]").waitFor();
    await page.getByLabel("Late").check();
    await page.getByRole("button", { name: "Next" }).click();
    await page.locator("[data-fw-provider=tosspayments]").waitFor();
    const pay = page.getByRole("button", { name: "Pay" });
    await pay.click();
    await expect.poll(() => refused).toBe(1);
    await expect.poll(() => pay.isEnabled()).toBe(true);
    expect(await page.getByTestId("error-badge").count()).toBe(0);
    expect(page.url()).toContain(`/d/e/${formId}`);
    await pay.click();
    await expect.poll(() => refused).toBe(2);
    expect(await page.getByTestId("error-badge").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
