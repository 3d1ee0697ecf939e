import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM_AVAILABLE, launchChromium, startServer, type RunningServer } from "./harness";


describe.skipIf(!CHROMIUM_AVAILABLE)("the workbench in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const pathOf = (page: Page) => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };

  it("signs up, creates an organization, a project and a form, signs out, and comes back to the form after signing in", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const id = Date.now().toString(36);
    const email = `owner-${id}@example.com`;
    const password = "correct horse battery";
    const org = `acme-${id}`;

    // Sign up: a new account lands on an empty home that invites to create an organization.
    await page.goto(`${server.url}/sign-up`);
    await page.getByLabel("Name").fill("Ada Owner");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByText("Create your first organization").isVisible()).toBe(true);

    // Organization, then project: each opens its page.
    await page.getByRole("button", { name: "New organization" }).click();
    await page.getByLabel("Display name").fill("Acme Research");
    await page.getByLabel("URL name").fill(org);
    await page.getByRole("button", { name: "Create organization" }).click();
    await page.waitForURL(`${server.url}/${org}`);
    await page.getByRole("button", { name: "New project" }).first().click();
    await page.getByLabel("Project name").fill("website");
    await page.getByRole("button", { name: "Create project" }).click();
    await page.waitForURL(`${server.url}/${org}/website`);
    await expect.poll(() => page.getByText("No documents yet").isVisible()).toBe(true);

    // A form document opens on its editor route, in build mode, with its public link.
    await page.getByRole("button", { name: "New document" }).first().click();
    expect(await page.getByLabel("Type").inputValue()).toBe("v0_form");
    await page.getByLabel("Title").fill("Customer signup");
    await page.getByRole("button", { name: "Create form" }).click();
    await page.waitForURL(new RegExp(`/${org}/website/[^/]+$`));
    const editorPath = new URL(page.url()).pathname;
    const build = page.getByRole("tab", { name: "Build" });
    await expect.poll(() => build.getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("tab", { name: "Data" }).getAttribute("aria-selected")).toBe("false");
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).textContent()).toContain("Customer signup");
    expect(await page.getByRole("link", { name: "Open public form" }).getAttribute("href")).toMatch(/^\/d\/e\/[^/]+$/);

    // The project lists it.
    await page.goto(`${server.url}/${org}/website`);
    await expect.poll(() => page.getByRole("link", { name: "Customer signup" }).isVisible()).toBe(true);

    // Sign out from the user menu.
    await page.goto(`${server.url}${editorPath}`);
    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL(`${server.url}/sign-in`);

    // Signed out, the editor route sends to sign-in with the way back.
    await page.goto(`${server.url}${editorPath}`);
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(pathOf(page)).toBe(`/sign-in?next=${encodeURIComponent(editorPath)}`);

    // A wrong password shows the server's message; the right one returns to the editor.
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/invalid email or password/i);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.url}${editorPath}`);
    await expect.poll(() => page.getByRole("tab", { name: "Build" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).textContent()).toContain("Customer signup");

    expect(errors).toEqual([]);
    await page.close();
  });
});
