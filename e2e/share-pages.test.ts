/**
 * The form's Connect pages in Chromium, reached from the sidebar: Share (the link copied, the
 * QR code drawn, the embed snippets), URL parameters (values typed into the link builder, the
 * prefilled link copied and opened: the form takes it) and Customer identity (a refused id
 * explained, a generated one in the link). axe finds nothing on any of them.
 */
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { callPrivate, signUpInBrowser, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("the Connect pages: Share, URL parameters, Customer identity", () => {
  const env = useServerAndBrowser();

  it("copies the link and snippets, builds a prefilled link the form accepts, and passes axe", async () => {
    const context = await env.browser.newContext({ permissions: ["clipboard-read", "clipboard-write"], viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await signUpInBrowser(page, env.server, { name: "Sue Share", email: `share-${Date.now().toString(36)}@example.com` });
    const org = await callPrivate(page, "POST", "/organizations", { name: "share-org", display_name: "Share Co" });
    const project = await callPrivate(page, "POST", `/organizations/${org.id}/projects`, { name: "website" });
    await callPrivate(page, "POST", `/projects/${project.id}/forms`, {
      title: "Spring signup",
      fields: [
        { name: "email", type: "email", label: "Email", required: true },
        { name: "utm_source", type: "hidden", label: "Campaign source" },
        { name: "ref", type: "hidden", required: true },
      ],
      blocks: [{ type: "section", children: [{ type: "field", field: "email" }, { type: "field", field: "utm_source" }, { type: "field", field: "ref" }] }],
    });
    const documents = await callPrivate<{ id: string; title: string; form_id: string }[]>(page, "GET", `/projects/${project.id}/documents`);
    const doc = documents.find((d) => d.title === "Spring signup")!;
    const link = `${env.server.url}/d/e/${doc.form_id}`;
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    // Share, from the sidebar.
    await page.goto(`${env.server.url}/share-org/website/${doc.id}/settings`);
    await page.getByRole("link", { name: "Share", exact: true }).click();
    await page.waitForURL(/\/connect\/share$/);
    expect(await page.getByRole("textbox", { name: "Form link", exact: true }).inputValue()).toBe(link);
    await page.getByRole("button", { name: "Copy form link" }).click();
    await expect.poll(clipboard).toBe(link);
    await expect.poll(() => page.getByRole("img", { name: "QR code of the link to Spring signup" }).isVisible(), { timeout: 15_000 }).toBe(true);
    const script = await page.getByRole("textbox", { name: "Script tag", exact: true }).inputValue();
    expect(script).toBe(`<div data-fieldwork-form="${doc.form_id}"></div>\n<script src="${env.server.url}/embed.js" async></script>`);
    await page.getByRole("button", { name: "Copy script tag" }).click();
    await expect.poll(clipboard).toBe(script);
    expect(await page.getByRole("textbox", { name: "Iframe", exact: true }).inputValue()).toContain(`src="${link}"`);
    expect(await axeViolations(page)).toEqual([]);

    // URL parameters: the hidden fields, required first; the link builder.
    await page.getByRole("link", { name: "URL parameters" }).click();
    await page.waitForURL(/\/connect\/parameters$/);
    const inputs = page.getByPlaceholder("Value");
    await expect.poll(() => inputs.count()).toBe(2);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "without a value: ref" }).isVisible()).toBe(true);
    await page.getByLabel(/^ref/).fill("spring & co");
    await page.getByLabel(/^utm_source/).fill("mail");
    const prefilled = `${link}?ref=spring+%26+co&utm_source=mail`;
    await expect.poll(() => page.getByRole("textbox", { name: "Prefilled link", exact: true }).inputValue()).toBe(prefilled);
    expect(await page.getByRole("status").filter({ hasText: "without a value" }).count()).toBe(0);
    expect(await page.getByRole("textbox", { name: "Script tag with these values", exact: true }).inputValue()).toContain('data-fieldwork-params="ref=spring+%26+co&amp;utm_source=mail"');
    await page.getByRole("button", { name: "Copy prefilled link" }).click();
    await expect.poll(clipboard).toBe(prefilled);
    expect(await axeViolations(page)).toEqual([]);

    // Customer identity: a wrong id is explained; a generated one goes into the link.
    await page.getByRole("link", { name: "Customer identity" }).click();
    await page.waitForURL(/\/connect\/customer$/);
    await page.getByLabel("Customer id").fill("customer-42");
    await expect.poll(() => page.getByText(/A customer id is a UUID v4/).isVisible()).toBe(true);
    expect(await page.getByRole("textbox", { name: "Customer link", exact: true }).inputValue()).toBe(link);
    await page.getByRole("button", { name: "Generate" }).click();
    await expect.poll(() => page.getByRole("textbox", { name: "Customer link", exact: true }).inputValue()).toMatch(new RegExp(`^${link}\\?customer_id=[0-9a-f-]{36}$`));
    expect(await axeViolations(page)).toEqual([]);

    // The prefilled link opens the form (its required hidden field supplied), which keeps the values.
    const visitor = await context.newPage();
    await visitor.goto(prefilled);
    expect(new URL(visitor.url()).pathname).toBe(`/d/e/${doc.form_id}`);
    expect(await visitor.locator('input[name="ref"]').inputValue()).toBe("spring & co");
    expect(errors).toEqual([]);
    await context.close();
  });
});
