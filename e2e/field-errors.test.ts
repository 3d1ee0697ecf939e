/**
 * What a visitor sees when an answer is refused (spec 1 §5), in Chromium on the demo form:
 * with JavaScript, the page's own checks word each refusal under its field (no browser
 * bubbles); then what the server refuses after the browser let it through (the browser's
 * checks switched off, `noValidate`, to stand for whatever they miss), with and without
 * JavaScript.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { shootBothSchemes, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("refused answers in Chromium", () => {
  const env = useServerAndBrowser();

  const rows = () => {
    const formId = env.server.demoFormUrl.split("/").pop()!;
    return env.server.cli(["responses", "list", formId]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  };
  const skipBrowserChecks = (page: Page) => page.evaluate(() => {
    document.querySelector("form")!.noValidate = true;
  });
  /** The message under a field and what its control says about it. */
  const refusalOf = (page: Page, name: string) => page.evaluate((name) => {
    const control = document.getElementById(`fw-${name}`);
    return {
      message: document.getElementById(`fw-${name}-error`)?.textContent ?? null,
      invalid: control?.getAttribute("aria-invalid") ?? null,
      describedby: control?.getAttribute("aria-describedby") ?? null,
    };
  }, name);

  it("with JavaScript: the page's own checks show each field's message under it, focus the first, and no browser bubble", async () => {
    const page = await env.browser.newPage();
    await page.goto(env.server.demoFormUrl);
    const next = page.getByRole("button", { name: "Next" });
    await expect.poll(() => next.isVisible()).toBe(true);
    // The browser's own validation is off with JavaScript: its bubbles would be the only message.
    await expect.poll(() => page.evaluate(() => document.querySelector("form")!.noValidate)).toBe(true);
    await page.getByLabel("Email").fill("ada@");
    await page.getByLabel("Team size").fill("20000");
    await next.click();

    await expect.poll(() => refusalOf(page, "full_name")).toEqual({ message: "This field is required.", invalid: "true", describedby: "fw-full_name-error" });
    expect(await refusalOf(page, "email")).toEqual({ message: "Enter an email address.", invalid: "true", describedby: "fw-email-error" });
    expect(await refusalOf(page, "team_size")).toEqual({ message: "Must be 10000 or less.", invalid: "true", describedby: "fw-team_size-error" });
    expect(await refusalOf(page, "role")).toMatchObject({ message: "Choose an option.", invalid: "true" });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("fw-full_name");
    expect(await page.getByText("Please fill out the form correctly.").count()).toBe(0);
    expect(await page.getByTestId("error-badge").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothSchemes(page, "public-form-refused-js", { fullPage: true });

    // Fixing some leaves the rest; the first still refused takes focus.
    await page.getByLabel("Full name").fill("Ada Checked");
    await page.getByLabel("Team size").fill("12");
    await next.click();
    await expect.poll(() => refusalOf(page, "full_name")).toEqual({ message: null, invalid: null, describedby: null });
    expect(await refusalOf(page, "email")).toMatchObject({ message: "Enter an email address." });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("fw-email");

    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Your role").selectOption("designer");
    await next.click();
    await expect.poll(() => page.getByLabel("I agree to the terms").isVisible()).toBe(true);
    expect(await page.getByTestId("field-error").count()).toBe(0);
    // Submit checks the last section the same way.
    await page.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => refusalOf(page, "accept_terms")).toEqual({ message: "Check this box to continue.", invalid: "true", describedby: "fw-accept_terms-error" });
    expect(await page.locator("#fw-plan-error").innerText()).toBe("Choose an option.");
    await page.close();
  });

  it("with JavaScript: shows each message under its field, on the section that holds it, focuses the first, and submits once fixed", async () => {
    const page = await env.browser.newPage();
    const before = rows().length;
    await page.goto(env.server.demoFormUrl);
    const next = page.getByRole("button", { name: "Next" });
    await expect.poll(() => next.isVisible()).toBe(true);
    await page.getByLabel("Full name").fill("Ada Refused");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Your role").selectOption("designer");
    await next.click();
    await page.getByLabel("Team", { exact: true }).check();
    await page.getByLabel("I agree to the terms").check();
    // The first section's answers go wrong after the visitor left it.
    await skipBrowserChecks(page);
    // (The email input becomes a text one: the page's own checks stand for whatever they miss.)
    await page.evaluate(() => {
      (document.getElementById("fw-email") as HTMLInputElement).type = "text";
      (document.getElementById("fw-email") as HTMLInputElement).value = "ada@";
      (document.getElementById("fw-team_size") as HTMLInputElement).value = "20000";
    });
    await page.getByRole("button", { name: "Submit" }).click();

    // Back on the first section, each refused field says why, the first takes focus, and the badge lists them.
    await expect.poll(() => page.getByLabel("Email").isVisible()).toBe(true);
    expect(await refusalOf(page, "email")).toEqual({ message: "Enter an email address.", invalid: "true", describedby: "fw-email-error" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("fw-email");
    expect(await refusalOf(page, "team_size")).toEqual({ message: "Must be 10000 or less.", invalid: "true", describedby: "fw-team_size-error" });
    expect(await refusalOf(page, "full_name")).toEqual({ message: null, invalid: null, describedby: null });
    const summary = page.getByTestId("field-error-summary");
    expect(await summary.innerText()).toContain("Email: Enter an email address.");
    expect(await summary.innerText()).toContain("Team size: Must be 10000 or less.");
    // The same markup as the page a native post gets back (axe cannot run with scripts off).
    expect(await axeViolations(page)).toEqual([]);
    expect(rows()).toHaveLength(before);

    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Team size").fill("12");
    await next.click();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/);
    expect(rows().at(-1)).toMatchObject({ full_name: "Ada Refused", email: "ada@example.com", team_size: 12 });
    await page.close();
  });

  it("without JavaScript: the form comes back with the answers kept and the messages shown, and submits once fixed", async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const before = rows().length;
    await page.goto(env.server.demoFormUrl);
    await skipBrowserChecks(page);
    await page.getByLabel("Full name").fill("Ada NoScript");
    await page.getByLabel("Email").fill("ada@");
    await page.getByLabel("Your role").selectOption("designer");
    await page.getByLabel("Anything else?").fill("Kept after a refusal");
    await page.getByRole("button", { name: "Submit" }).click();

    await expect.poll(() => page.getByTestId("field-error-summary").isVisible()).toBe(true);
    await shootBothSchemes(page, "public-form-refused-native", { fullPage: true });
    // The visitor reads sentences, never a code such as INVALID_FIELD_VALUE.
    expect(await page.locator("body").innerText()).not.toMatch(/\b[A-Z]+(?:_[A-Z]+)+\b/);
    expect(await page.getByTestId("error-badge").innerText()).toContain("Please fill out the form correctly.");
    expect(page.url()).toMatch(/\/submit\//);
    expect(await refusalOf(page, "email")).toEqual({ message: "Enter an email address.", invalid: "true", describedby: "fw-email-error" });
    // Plan (required, left empty): its group names the message; each radio says it is invalid.
    expect(await page.locator("#fw-plan-error").innerText()).toBe("Choose an option.");
    expect(await page.locator("fieldset[data-field=plan]").getAttribute("aria-describedby")).toBe("fw-plan-error");
    expect(await page.locator("input[name=plan][aria-invalid=true]").count()).toBe(3);
    expect(await refusalOf(page, "accept_terms")).toEqual({ message: "Check this box to continue.", invalid: "true", describedby: "fw-accept_terms-error" });
    expect(await page.getByLabel("Full name").inputValue()).toBe("Ada NoScript");
    expect(await page.getByLabel("Email").inputValue()).toBe("ada@");
    expect(await page.getByLabel("Your role").inputValue()).toBe("designer");
    expect(await page.getByLabel("Anything else?").inputValue()).toBe("Kept after a refusal");
    expect(rows()).toHaveLength(before);

    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Team", { exact: true }).check();
    await page.getByLabel("I agree to the terms").check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/);
    expect(rows().at(-1)).toMatchObject({ full_name: "Ada NoScript", email: "ada@example.com", plan: "team", comments: "Kept after a refusal" });
    await context.close();
  });

  it("the error badge shows the code, the message and the missing required hidden fields; the bad-request page names them too", async () => {
    const file = join(env.server.dataDir, "campaign.json");
    writeFileSync(file, JSON.stringify({
      format: "fieldwork.form", version: 1, title: "Campaign sign-up", settings: { published: true },
      fields: [{ name: "name", type: "text", label: "Your name" }, { name: "campaign", type: "hidden", required: true }],
      blocks: [{ type: "section", children: [{ type: "field", field: "name" }, { type: "field", field: "campaign" }] }],
    }));
    const { id } = JSON.parse(env.server.cli(["forms", "import", file])) as { id: string };
    const page = await env.browser.newPage();
    // A link without the parameter: the bad-request page says which field it lacks.
    await page.goto(`${env.server.url}/d/e/${id}`);
    await page.waitForURL(/\/badrequest\?/);
    expect(await page.getByTestId("missing-fields").innerText()).toContain("campaign");
    expect(await page.locator("body").innerText()).toContain("MISSING_REQUIRED_HIDDEN_FIELDS");

    // With it, and the value lost before the submit (a page script removed the input; clearing its
    // value is not enough, the form's next render puts its value back): the badge says all three.
    await page.goto(`${env.server.url}/d/e/${id}?campaign=spring`);
    await expect.poll(() => page.locator("form[data-fw-ready]").count()).toBe(1);
    await page.getByLabel("Your name").fill("Ada");
    await page.evaluate(() => {
      document.querySelector('input[name="campaign"]')!.remove();
    });
    await page.getByRole("button", { name: "Submit" }).click();
    const badge = page.getByTestId("error-badge");
    await expect.poll(() => badge.isVisible(), { timeout: 10_000 }).toBe(true);
    const text = await badge.innerText();
    expect(text).toContain("were not supplied");
    expect(text).toContain("MISSING_REQUIRED_HIDDEN_FIELDS");
    expect(text).toContain("campaign");
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
