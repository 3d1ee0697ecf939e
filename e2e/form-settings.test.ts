/**
 * The form's Theme, Form settings and Ending pages against the real server, driven only
 * through the page: a dark appearance with another palette, a total limit of one response
 * and a custom ending; then the public form takes one answer in that theme, thanks with the
 * ending, and turns the next visitor away.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { openNewFormCanvas, shootBothSchemes, useServerAndBrowser } from "./session";

/** Set SCREENSHOT_DIR to keep a picture of each page, light and dark. */
const SHOTS = process.env.SCREENSHOT_DIR;

describe.skipIf(!CHROMIUM_AVAILABLE)("the form's settings, theme and ending in Chromium", () => {
  const env = useServerAndBrowser();
  const saved = (page: Page) => expect.poll(() => page.getByRole("status").filter({ hasText: /Sav|Fail/ }).textContent()).toBe("Saved!");

  it("saves a dark theme, a total limit of one and an ending through the pages; the public form follows them", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Sam Settings", slug: "settings" }, "Workshop signup", { width: 1280, height: 900 });
    // One question, from the canvas.
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill("Text");
    await page.getByRole("option", { name: "Text", exact: true }).click();
    await saved(page);

    // Theme: the rose palette and dark appearance, previewed at once and saved.
    // The workbench is held to a stricter policy than the server's from here (every source
    // this origin only, no inline styles): the preview frame still draws and styles.
    await page.route(/\/design$/, async (route) => {
      const response = await route.fetch();
      const csp = response.headers()["content-security-policy"];
      await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": `${csp}; default-src 'self'` } });
    });
    await page.getByRole("link", { name: "Theme" }).click();
    await page.waitForURL(/\/design$/);
    await page.reload();
    await page.unrouteAll();
    const preview = page.getByRole("figure", { name: "Preview of the public form" });
    const previewHtml = preview.locator("iframe").contentFrame().locator("html");
    { const t0 = Date.now(); await expect.poll(() => previewHtml.getAttribute("data-palette"), { timeout: 15000 }).toBe("blue"); console.log("DEBUG palette after", Date.now() - t0); }
    expect(await preview.locator("iframe").getAttribute("sandbox")).toBe("allow-same-origin");
    await page.getByRole("radio", { name: "Rose" }).check();
    await page.getByRole("radio", { name: "Dark" }).check();
    await expect.poll(() => previewHtml.getAttribute("data-appearance")).toBe("dark");
    expect(await previewHtml.getAttribute("data-palette")).toBe("rose");
    expect(await previewHtml.evaluate((el) => getComputedStyle(el).colorScheme)).toBe("dark");
    // The public form's components are styled in the frame (the workbench's stylesheet reached it).
    await expect.poll(() => previewHtml.locator("button").last().evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe("0px");
    await saved(page);

    // Owner CSS that tries to leave the preview restyles only the preview.
    const css = page.getByLabel("CSS for this form");
    const workbenchLook = () => page.evaluate(() => [
      getComputedStyle(document.body).backgroundColor,
      getComputedStyle(document.querySelector("h1")!).display,
      getComputedStyle(document.querySelector("textarea")!).display,
    ].join(" "));
    const before = await workbenchLook();
    // Each starts by painting the preview red (to know it applied), then tries to get out:
    // a comment opened inside a string (which fooled the old brace counting), a stray brace,
    // rules for everything.
    const red = ":root { background: rgb(255, 0, 0) }";
    for (const hostile of [`${red} a { content: "/*" } } body { background: rgb(255, 0, 0) } a { content: "*/" }`, `${red} } body { background: rgb(255, 0, 0) } .x {`, `${red} * { display: none }`, `${red} @scope (body) { * { display: none } }`]) {
      await css.fill(hostile);
      await expect.poll(() => previewHtml.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 0, 0)");
      expect(await workbenchLook()).toBe(before);
      expect(await page.getByRole("heading", { name: "Theme" }).isVisible()).toBe(true);
    }
    await css.fill("");
    await css.blur();
    await shootBothSchemes(page, "theme", { fullPage: true });

    // Settings: the schedule is checked before sending; a total limit of one saves.
    await page.getByRole("link", { name: "Form settings" }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole("switch", { name: "Schedule the form" }).check();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Either open or close must be set." }).isVisible()).toBe(true);
    await page.getByLabel("Opens at").fill("2030-01-02T10:00");
    await page.getByLabel("Closes at").fill("2030-01-01T10:00");
    await page.getByLabel("Closes at").press("Enter");
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Open time must be before close time." }).isVisible()).toBe(true);
    await page.getByLabel("Closes at").fill("");
    await page.getByLabel("Opens at").fill("");
    await page.getByRole("switch", { name: "Schedule the form" }).uncheck();
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
    // The total limit starts empty (no number is a sensible default) and saves once one is typed.
    await page.getByRole("switch", { name: "Limit total responses" }).check();
    const total = page.getByLabel("Limit total responses: number of responses");
    await expect.poll(() => total.inputValue()).toBe("");
    expect(await total.evaluate((el) => el === document.activeElement)).toBe(true);
    await total.fill("1");
    await total.press("Enter");
    await saved(page);
    // The limit says what it counts and where the form stands (issue 19 item 20).
    await expect.poll(() => page.getByText(/^0 of 1 response\. Counts the responses the form holds now: deleting one frees its place\.$/).isVisible()).toBe(true);
    await page.getByLabel("Redirect to").fill("javascript:alert(1)");
    await page.getByLabel("Redirect to").press("Enter");
    await expect.poll(() => page.getByText("Use an http: or https: address, or a path on this site.").isVisible()).toBe(true);
    await page.getByLabel("Redirect to").fill("");
    await page.getByLabel("Redirect to").press("Enter");
    await shootBothSchemes(page, "settings", { fullPage: true });

    // Ending: an own title and text, in the completion page preview.
    await page.getByRole("link", { name: "Ending" }).click();
    await page.waitForURL(/\/form\/end$/);
    await page.getByRole("switch", { name: "Use my own title and text" }).check();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("See you at the workshop");
    await page.getByRole("textbox", { name: "Text", exact: true }).fill("<p>We will send the <strong>room</strong> soon.</p><img src=x onerror=alert(1)>");
    await page.getByRole("textbox", { name: "Title", exact: true }).focus();
    const ending = page.getByRole("figure", { name: "Preview of the completion page" }).locator("iframe").contentFrame();
    await expect.poll(() => ending.getByText("See you at the workshop").isVisible()).toBe(true);
    expect(await ending.locator("img").getAttribute("onerror")).toBeNull();
    await saved(page);
    await shootBothSchemes(page, "ending", { fullPage: true });

    // After a reload the server kept all of it.
    await page.reload();
    await expect.poll(() => page.getByRole("textbox", { name: "Title", exact: true }).inputValue()).toBe("See you at the workshop");
    await page.getByRole("link", { name: "Form settings" }).click();
    await expect.poll(() => page.getByLabel("Limit total responses: number of responses").inputValue()).toBe("1");

    // Publish; the first visitor answers in the dark rose theme and reads the ending.
    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
    const publicHref = (await page.getByRole("link", { name: "Open public form" }).getAttribute("href"))!;
    const first = await env.browser.newContext();
    const visitor = await first.newPage();
    await visitor.goto(`${env.server.url}${publicHref}`);
    expect(await visitor.locator("html").getAttribute("data-appearance")).toBe("dark");
    expect(await visitor.locator("html").getAttribute("data-palette")).toBe("rose");
    await visitor.getByLabel("Text").fill("Ada");
    await visitor.getByRole("button", { name: "Submit" }).click();
    await visitor.waitForURL(/\/complete/);
    await expect.poll(() => visitor.getByRole("heading", { name: "See you at the workshop" }).isVisible()).toBe(true);
    if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/public-complete.png`, fullPage: true });

    // The limit is reached: the next visitor is turned away.
    const second = await env.browser.newContext();
    const late = await second.newPage();
    await late.goto(`${env.server.url}${publicHref}`);
    await expect.poll(() => late.url()).toMatch(/\/formclosed/);
    await expect.poll(() => late.getByRole("heading", { name: "This form is closed" }).isVisible()).toBe(true);
    expect(await late.locator("html").getAttribute("data-appearance")).toBe("dark");
    if (SHOTS) await late.screenshot({ path: `${SHOTS}/public-closed.png`, fullPage: true });

    expect(errors).toEqual([]);
    await first.close();
    await second.close();
    await page.close();
  });
});
