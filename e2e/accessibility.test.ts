/**
 * axe-core on the pages people see: the public form (light and dark), the account pages and
 * the workbench with real content. Any violation fails, with what and where.
 */
import { describe, expect, it } from "vitest";
import { axeViolations as violations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { callPrivate, signUpInBrowser, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("accessibility (axe-core)", () => {
  const env = useServerAndBrowser();

  it.each(["light", "dark"] as const)("finds nothing on the public form and the sign-in page in %s", async (colorScheme) => {
    const page = await env.browser.newPage({ colorScheme });
    await page.goto(env.server.demoFormUrl);
    expect(await violations(page)).toEqual([]);
    await page.goto(`${env.server.url}/sign-in`);
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it("finds nothing in the workbench: home, organization, project, editor, account and a dialog", async () => {
    const page = await env.browser.newPage();
    await page.goto(`${env.server.url}/sign-up`);
    expect(await violations(page)).toEqual([]);
    await signUpInBrowser(page, env.server, { name: "Ada Lovelace", email: `axe-${Date.now().toString(36)}@example.com` });
    const org = await callPrivate(page, "POST", "/organizations", { name: "axe-org", display_name: "Axe Research" });
    const project = await callPrivate(page, "POST", `/organizations/${org.id}/projects`, { name: "website" });
    const form = await callPrivate(page, "POST", `/projects/${project.id}/documents`, { doctype: "v0_form", title: "Signup" });
    await callPrivate(page, "POST", `/projects/${project.id}/documents`, { doctype: "v0_schema", title: "CRM" });
    await callPrivate(page, "POST", `/projects/${project.id}/api-keys`, { name: "Nightly export", role: "viewer" });
    await callPrivate(page, "POST", `/organizations/${org.id}/invitations`, { role: "editor", label: "Bo" });
    await callPrivate(page, "POST", `/projects/${project.id}/forms`, {
      title: "Outlined",
      fields: [{ name: "email", type: "email", label: "Email", required: true }, { name: "plan", type: "radio", label: "Plan", options: [{ value: "free" }] }],
      blocks: [{ type: "section", title_html: "About you", children: [{ type: "field", field: "email" }, { type: "field", field: "plan" }] }],
    });
    const documents = await callPrivate<{ id: string; title: string }[]>(page, "GET", `/projects/${project.id}/documents`);
    const outlined = documents.find((doc) => doc.title === "Outlined")!.id;
    await page.goto(`${env.server.url}/axe-org/website/${outlined}`);
    await expect.poll(() => page.getByRole("group", { name: "Email field: Email" }).isVisible()).toBe(true);
    const editorPages = ["", "/settings", "/design", "/form/end"].map((suffix) => `/axe-org/website/${outlined}${suffix}`);
    for (const path of ["/", "/axe-org", "/axe-org/website", `/axe-org/website/${form.id}`, ...editorPages, "/account"]) {
      await page.goto(`${env.server.url}${path}`);
      await page.waitForLoadState("networkidle");
      expect({ path, violations: await violations(page) }).toEqual({ path, violations: [] });
    }
    // The Build canvas with a block selected (its toolbar shown) and the insert menu open.
    await page.goto(`${env.server.url}/axe-org/website/${outlined}/form/edit`);
    await page.getByRole("group", { name: "Email field: Email" }).click();
    await expect.poll(() => page.getByRole("toolbar", { name: "Block actions" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await expect.poll(() => page.getByRole("listbox", { name: "Fields and blocks" }).isVisible()).toBe(true);
    expect({ path: "form/edit", violations: await violations(page) }).toEqual({ path: "form/edit", violations: [] });
    await page.goto(`${env.server.url}/axe-org`);
    await page.getByRole("button", { name: "Invite member" }).click();
    expect(await violations(page)).toEqual([]);
    await page.close();
  });
});
