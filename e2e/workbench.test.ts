import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { callPrivate, PASSWORD, signUpInBrowser, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("the workbench in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });

  const pathOf = (page: Page) => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };

  it("signs up, creates an organization, a project and a form, signs out, and comes back to the form after signing in", async () => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const id = Date.now().toString(36);
    const email = `owner-${id}@example.com`;
    const password = "correct horse battery";
    const org = `acme-${id}`;

    // Sign up: a new account lands on an empty home that invites to create an organization.
    await signUpInBrowser(page, env.server, { name: "Ada Owner", email, password });
    await expect.poll(() => page.getByText("Create your first organization").isVisible()).toBe(true);

    // Organization, then project: each opens its page.
    await page.getByRole("button", { name: "New organization" }).click();
    await page.getByLabel("Display name").fill("Acme Research");
    await page.getByLabel("URL name").fill(org);
    await page.getByRole("button", { name: "Create organization" }).click();
    await page.waitForURL(`${env.server.url}/${org}`);
    await page.getByRole("button", { name: "New project" }).first().click();
    await page.getByLabel("Project name").fill("website");
    await page.getByRole("button", { name: "Create project" }).click();
    await page.waitForURL(`${env.server.url}/${org}/website`);
    await expect.poll(() => page.getByText("No documents yet").isVisible()).toBe(true);

    // A form document opens on its editor route, in build mode, with its public link.
    await page.getByRole("button", { name: "New document" }).first().click();
    expect(await page.getByLabel("Type").inputValue()).toBe("v0_form");
    // Only what is built is offered: forms, databases (schema documents) and storage buckets (the other types say so in one line).
    expect(await page.getByLabel("Type").locator("option").allTextContents()).toEqual(["Form", "Database", "Storage bucket"]);
    expect(await page.getByText("Sites and canvases are not part of this version.").isVisible()).toBe(true);
    await page.getByLabel("Title").fill("Customer signup");
    await page.getByRole("button", { name: "Create form" }).click();
    await page.waitForURL(new RegExp(`/${org}/website/[^/]+$`));
    const editorPath = new URL(page.url()).pathname;
    const build = page.getByRole("tab", { name: "Build" });
    await expect.poll(() => build.getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("tab", { name: "Data" }).getAttribute("aria-selected")).toBe("false");
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).textContent()).toContain("Customer signup");
    await expect.poll(() => page.getByText("This form has no questions yet").isVisible()).toBe(true);
    // Pages that are not built are not in the sidebar; the Theme has no control the public page ignores.
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    for (const name of ["Share", "URL parameters", "Customer identity", "Database"]) expect(await sidebar.getByRole("link", { name, exact: true }).count()).toBe(1);
    await sidebar.getByRole("link", { name: "Theme" }).click();
    await page.waitForURL(/\/design$/);
    expect(await page.getByLabel("Section style").count()).toBe(0);
    expect(await page.getByLabel("Page background colour").count()).toBe(0);
    // The Data tab from the canvas opens the responses, at once (it said "coming in a later release" until a reload).
    await sidebar.getByRole("link", { name: "Main" }).click();
    await page.waitForURL(/\/form\/edit$/);
    await page.getByRole("tab", { name: "Data" }).click();
    await page.waitForURL(/\/data\/responses$/);
    await expect.poll(() => page.getByRole("grid").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByText(/later release|not part of this version/).count()).toBe(0);
    await page.getByRole("tab", { name: "Build" }).click();
    await page.waitForURL(/\/form\/edit$/);
    await expect.poll(() => page.getByText("This form has no questions yet").isVisible()).toBe(true);
    // A page that is not built, reached by its address, says so in one sentence.
    await page.goto(`${env.server.url}${new URL(page.url()).pathname.replace(/\/form\/edit$/, "/connect")}`);
    await expect.poll(() => page.getByText("This is not part of this version of Fieldwork.").isVisible(), { timeout: 15_000 }).toBe(true);
    await page.goBack();
    await expect.poll(() => page.getByText("This form has no questions yet").isVisible(), { timeout: 15_000 }).toBe(true);

    // A new form is a draft: no public link until it is published, then the link serves it.
    expect(await page.getByText("Draft", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Open public form" }).count()).toBe(0);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
    const publicHref = await page.getByRole("link", { name: "Open public form" }).getAttribute("href");
    expect(publicHref).toMatch(/^\/d\/e\/[^/]+$/);
    const publicPage = await env.browser.newPage();
    const publicResponse = await publicPage.goto(`${env.server.url}${publicHref}`);
    expect(publicResponse?.status()).toBe(200);
    expect(await publicPage.title()).toContain("Customer signup");

    // Unpublishing asks first, then the link answers "not found" again.
    await page.getByRole("button", { name: "Unpublish" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Unpublish" }).click();
    await expect.poll(() => page.getByText("Draft", { exact: true }).isVisible()).toBe(true);
    expect((await publicPage.goto(`${env.server.url}${publicHref}`))?.status()).toBe(404);
    await publicPage.close();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);

    // The project lists it.
    await page.goto(`${env.server.url}/${org}/website`);
    await expect.poll(() => page.getByRole("link", { name: "Customer signup" }).isVisible()).toBe(true);

    // The user menu opened while the document loads stays open when the editor draws (the
    // frame stays mounted from loading to ready): the document's answer is held until then.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/private\/editor\/documents\/[^/?]+$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${env.server.url}${editorPath}`);
    await page.getByRole("button", { name: /, account$/ }).click();
    await expect.poll(() => page.getByRole("menuitem", { name: "Sign out" }).isVisible()).toBe(true);
    expect(await page.getByRole("tab", { name: "Build" }).count()).toBe(0);
    release();
    await expect.poll(() => page.getByRole("tab", { name: "Build" }).isVisible()).toBe(true);
    expect(await page.getByRole("menuitem", { name: "Sign out" }).isVisible()).toBe(true);
    await page.unrouteAll();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL(`${env.server.url}/sign-in`);

    // Signed out, the editor route sends to sign-in with the way back.
    await page.goto(`${env.server.url}${editorPath}`);
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(pathOf(page)).toBe(`/sign-in?next=${encodeURIComponent(editorPath)}`);

    // A wrong password shows the server's message; the right one returns to the editor.
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/invalid email or password/i);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${env.server.url}${editorPath}`);
    await expect.poll(() => page.getByRole("tab", { name: "Build" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).textContent()).toContain("Customer signup");

    expect(errors).toEqual([]);
    await page.close();
  });

  it("creates an API key and sees its token once, then renames and deletes a document", async () => {
    const context = await env.browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const id = Date.now().toString(36);
    const org = `keys-${id}`;

    await signUpInBrowser(page, env.server, { name: "Kim Keys", email: `keys-${id}@example.com` });

    // An organization, a project and two documents through the private API, as the page would.
    const { id: org_id } = await callPrivate(page, "POST", "/organizations", { name: org, display_name: "Keys Inc" });
    const { id: project_id } = await callPrivate(page, "POST", `/organizations/${org_id}/projects`, { name: "data" });
    await callPrivate(page, "POST", `/projects/${project_id}/documents`, { doctype: "v0_form", title: "Survey" });
    await callPrivate(page, "POST", `/projects/${project_id}/documents`, { doctype: "v0_canvas", title: "Board" });

    // Members: the owner is listed; an invitation by email is sent alike whether an account has
    // the address or not (the answer does not tell), and listed as pending.
    await page.goto(`${env.server.url}/${org}`);
    await expect.poll(() => page.getByRole("region", { name: "Members" }).textContent()).toMatch(/Kim Keys \(you\).*Owner/);
    await page.getByRole("button", { name: "Invite member" }).click();
    await page.getByLabel("Email").fill(`ghost-${id}@example.com`);
    await page.getByRole("button", { name: "Invite member" }).last().click();
    await expect.poll(() => page.getByText(`Invitation sent to ghost-${id}@example.com`).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Pending invitations").isVisible()).toBe(true);
    expect(await page.getByRole("region", { name: "Members" }).textContent()).toContain(`ghost-${id}@example.com`);

    // For someone without an account: an invitation link instead, shown once, listed as pending.
    await page.getByRole("button", { name: "Invite member" }).click();
    await page.getByLabel("Email").fill(`nobody-${id}@example.com`);
    await page.getByRole("button", { name: "Invite with a link instead" }).click();
    expect(await page.getByLabel("Who is it for?").inputValue()).toBe(`nobody-${id}@example.com`);
    await page.getByRole("button", { name: "Create link" }).click();
    const linkField = page.getByLabel("Invitation link", { exact: true });
    await expect.poll(() => linkField.isVisible()).toBe(true);
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${env.server.url}/invite/fwi_`));
    await page.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => page.getByRole("button", { name: `Revoke nobody-${id}@example.com` }).isVisible()).toBe(true);

    // Someone new opens it signed out, signs up on the way, and joins as an editor.
    const guest = await env.browser.newContext();
    const newcomer = await guest.newPage();
    await newcomer.goto(link);
    await newcomer.waitForURL((url) => url.pathname === "/sign-in");
    await expect.poll(() => newcomer.getByText("Sign in to accept your invitation.", { exact: false }).isVisible()).toBe(true);
    await newcomer.getByRole("link", { name: "Create one" }).click();
    await newcomer.getByLabel("Name").fill("Nora New");
    await newcomer.getByLabel("Email").fill(`nobody-${id}@example.com`);
    await newcomer.getByLabel("Password").fill("correct horse battery");
    await newcomer.getByRole("button", { name: "Create account" }).click();
    await newcomer.waitForURL(link);
    await newcomer.getByRole("button", { name: "Join Keys Inc" }).click();
    await newcomer.waitForURL(`${env.server.url}/${org}`);
    await expect.poll(() => newcomer.getByRole("region", { name: "Members" }).textContent()).toMatch(/Nora New \(you\).*Editor/);
    await guest.close();
    await page.reload();
    await expect.poll(() => page.getByRole("region", { name: "Members" }).textContent()).toContain("Nora New");
    // The used link is gone; the email invitation stays pending until its account accepts.
    expect(await page.getByRole("button", { name: `Revoke nobody-${id}@example.com` }).count()).toBe(0);
    expect(await page.getByRole("button", { name: `Revoke ghost-${id}@example.com` }).count()).toBe(1);

    // An invitation by email to an account: it joins only when it accepts, on its home page.
    const invitee = await env.browser.newContext();
    const ike = await invitee.newPage();
    await signUpInBrowser(ike, env.server, { name: "Ike Invited", email: `ike-${id}@example.com` });
    await page.getByRole("button", { name: "Invite member" }).click();
    await page.getByLabel("Email").fill(`ike-${id}@example.com`);
    await page.getByLabel("Role").selectOption("viewer");
    await page.getByRole("button", { name: "Invite member" }).last().click();
    await expect.poll(() => page.getByText(`Invitation sent to ike-${id}@example.com`).isVisible()).toBe(true);
    expect(await page.getByRole("region", { name: "Members" }).textContent()).not.toContain("Ike Invited");
    await ike.goto(`${env.server.url}/`);
    await ike.getByRole("button", { name: "Accept the invitation to Keys Inc" }).click();
    await expect.poll(() => ike.getByRole("link", { name: "Keys Inc" }).isVisible()).toBe(true);
    await invitee.close();
    await page.reload();
    await expect.poll(() => page.getByRole("region", { name: "Members" }).textContent()).toMatch(/Ike Invited.*Viewer/);

    // A new API key shows its token once, copies it, and is listed by its prefix.
    await page.goto(`${env.server.url}/${org}/data`);
    await page.getByRole("button", { name: "New API key" }).click();
    await page.getByLabel("Name", { exact: true }).fill("CI deploy");
    await page.getByLabel("Expires").selectOption({ label: "In 30 days" });
    await page.getByRole("button", { name: "Create key" }).click();
    const tokenField = page.getByLabel("Token");
    await expect.poll(() => tokenField.isVisible()).toBe(true);
    const token = await tokenField.inputValue();
    expect(token).toMatch(/^fwk_/);
    expect(await page.getByRole("dialog", { name: "API key created" }).textContent()).toContain("will not be shown again");
    await page.getByRole("button", { name: "Copy" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Copied" }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expect.poll(() => page.getByRole("button", { name: "Copy", exact: true }).isVisible(), { timeout: 4000 }).toBe(true);
    await page.getByRole("button", { name: "Done" }).click();
    const keys = page.getByRole("region", { name: "API keys" });
    await expect.poll(() => keys.textContent()).toContain(`CI deploy`);
    expect(await keys.textContent()).toContain(`${token.slice(0, 10)}…`);
    // The list says who made the key (it acts for them) and when it expires.
    expect(await keys.getByRole("columnheader", { name: "Created by" }).isVisible()).toBe(true);
    expect(await keys.getByRole("row", { name: /CI deploy/ }).textContent()).toContain("Kim Keys");
    // Created and expires are times; it was never used yet.
    expect(await keys.getByRole("row", { name: /CI deploy/ }).locator("time").count()).toBe(2);
    const withKey = await page.request.get(`${env.server.url}/private/editor/projects/${project_id}/documents`, { headers: { Authorization: `Bearer ${token}` } });
    expect(withKey.status()).toBe(200);

    // The filter narrows the list as you type.
    await page.getByLabel("Filter documents").fill("board");
    await expect.poll(() => page.getByRole("link", { name: "Survey" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Board" }).isVisible()).toBe(true);
    await page.getByLabel("Filter documents").fill("");

    // Rename from the row menu.
    await page.getByRole("button", { name: "Actions for Survey" }).click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
    await page.getByLabel("Title").fill("Survey 2025");
    await page.getByRole("button", { name: "Rename", exact: true }).click();
    await expect.poll(() => page.getByRole("link", { name: "Survey 2025" }).isVisible()).toBe(true);

    // Delete: the confirmation says the form's responses table goes too.
    await page.getByRole("button", { name: "Actions for Survey 2025" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete “Survey 2025”?" });
    expect(await confirm.textContent()).toContain("responses table");
    await confirm.getByRole("button", { name: "Delete form" }).click();
    await expect.poll(() => page.getByRole("link", { name: "Survey 2025" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Board" }).isVisible()).toBe(true);
    expect(await page.getByText("1 document", { exact: true }).isVisible()).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("renames the account and changes its password, which the next sign-in needs", async () => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const email = `account-${Date.now().toString(36)}@example.com`;
    await signUpInBrowser(page, env.server, { name: "Ada Lovelace", email });

    await page.getByRole("button", { name: /, account$/ }).click();
    await page.getByRole("menuitem", { name: "Account settings" }).click();
    await page.waitForURL(`${env.server.url}/account`);
    await page.getByLabel("Display name").fill("Ada King");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect.poll(() => page.getByText("Your name is saved.").isVisible()).toBe(true);
    await page.getByRole("button", { name: /, account$/ }).click();
    expect(await page.getByRole("menu").textContent()).toContain("Ada King");
    await page.keyboard.press("Escape");

    // Signed in on a phone too (a proxy on loopback forwards its own address): listed, then signed out from here.
    const phone = await env.browser.newContext({
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      extraHTTPHeaders: { "x-forwarded-for": "198.51.100.20" },
    });
    const signedIn = await phone.request.post(`${env.server.url}/api/auth/sign-in/email`, {
      headers: { origin: env.server.url }, data: { email, password: PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    await page.reload();
    const sessions = page.getByRole("region", { name: "Sessions" });
    await expect.poll(() => sessions.textContent()).toContain("Safari on iPhone");
    expect(await sessions.textContent()).toContain("This device");
    await sessions.getByRole("button", { name: "Sign out other sessions" }).click();
    await expect.poll(() => sessions.textContent()).not.toContain("Safari on iPhone");
    expect((await phone.request.get(`${env.server.url}/private/editor/me`)).status()).toBe(401);
    await phone.close();

    // A wrong current password shows under its field; the right one changes it.
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill("a brand new secret");
    await page.getByLabel("Confirm new password").fill("a brand new secret");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.getByText("Invalid password").isVisible()).toBe(true);
    await page.getByLabel("Current password").fill("correct horse battery");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.getByText("Password changed. Other devices are signed out.").isVisible()).toBe(true);
    expect(await page.getByLabel("Current password").inputValue()).toBe("");

    // Still signed in here (a new session), and the next sign-in takes the new password only.
    await page.getByRole("button", { name: /, account$/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL(`${env.server.url}/sign-in`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/invalid email or password/i);
    await page.getByLabel("Password").fill("a brand new secret");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${env.server.url}/`);

    // Deleting the account asks for the password, then the account is gone.
    await page.goto(`${env.server.url}/account`);
    await page.getByRole("button", { name: "Delete account" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
    await confirm.getByLabel("Password").fill("not it");
    await confirm.getByRole("button", { name: "Delete my account" }).click();
    await expect.poll(() => confirm.getByText("That is not your password.").isVisible()).toBe(true);
    await confirm.getByLabel("Password").fill("a brand new secret");
    await confirm.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(`${env.server.url}/sign-in`);
    await expect.poll(() => page.getByText("Your account was deleted.").isVisible()).toBe(true);
    const again = await page.request.post(`${env.server.url}/api/auth/sign-in/email`, {
      headers: { origin: env.server.url, "x-forwarded-for": "198.51.100.30" }, data: { email, password: "a brand new secret" },
    });
    expect(again.status()).toBe(401);

    expect(errors).toEqual([]);
    await page.close();
  });

  it("renames an organization and a project, which move to their new URLs, then deletes both", async () => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const id = Date.now().toString(36);
    await signUpInBrowser(page, env.server, { name: "Olga Owner", email: `settings-${id}@example.com` });
    await page.getByRole("button", { name: "New organization" }).click();
    await page.getByLabel("Display name").fill("Old Name");
    await page.getByLabel("URL name").fill(`old-${id}`);
    await page.getByRole("button", { name: "Create organization" }).click();
    await page.waitForURL(`${env.server.url}/old-${id}`);

    const settings = page.getByRole("region", { name: "Settings" });
    await settings.getByLabel("Display name").fill("New Name");
    await settings.getByLabel("URL name").fill(`new-${id}`);
    await settings.getByRole("button", { name: "Save settings" }).click();
    await page.waitForURL(`${env.server.url}/new-${id}`);
    await expect.poll(() => page.getByRole("heading", { name: "New Name" }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "New project" }).first().click();
    await page.getByLabel("Project name").fill("draft");
    await page.getByRole("button", { name: "Create project" }).click();
    await page.waitForURL(`${env.server.url}/new-${id}/draft`);
    await page.getByRole("region", { name: "Settings" }).getByLabel("Project name").fill("final");
    await page.getByRole("button", { name: "Rename project" }).click();
    await page.waitForURL(`${env.server.url}/new-${id}/final`);
    await expect.poll(() => page.getByRole("heading", { name: "final" }).isVisible()).toBe(true);

    // Deleting asks first; the project leaves the organization's list.
    await page.getByRole("button", { name: "Delete project" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete project" }).click();
    await page.waitForURL(`${env.server.url}/new-${id}`);
    await expect.poll(() => page.getByText("No projects yet").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Delete organization" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete organization" }).click();
    await page.waitForURL(`${env.server.url}/`);
    await expect.poll(() => page.getByText("Create your first organization").isVisible()).toBe(true);

    expect(errors).toEqual([]);
    await page.close();
  });
});
