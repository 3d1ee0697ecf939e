/**
 * The cover page (issue 22 item 4) in Chromium: the owner picks template 005 on the Cover
 * page, sets an opening time a few hours ahead in Form settings and sees the countdown in the
 * preview; a visitor gets the server-rendered cover first, its countdown ticking, Register
 * disabled until the opening (the page's own clock moved past it enables it); once the
 * campaign is open, Register leads to the form and the answer submits. axe clean on the cover.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { openNewFormCanvas, shootBothSchemes, useServerAndBrowser } from "./session";

/** `YYYY-MM-DDTHH:mm` of an instant in a zone, as a datetime-local input takes it. */
const wallTime = (at: Date, tz: string) => {
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-CA", { timeZone: tz, hourCycle: "h23", ...options }).format(at);
  return `${part({ year: "numeric", month: "2-digit", day: "2-digit" })}T${part({ hour: "2-digit", minute: "2-digit" })}`;
};

describe.skipIf(!CHROMIUM_AVAILABLE)("the cover page in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });
  const saved = (page: Page) => expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");

  it("template 005 with its countdown and Register, from the editor to a submitted answer", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Cora Cover", slug: "cover" }, "Spring meetup");
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill("Text");
    await page.getByRole("option", { name: "Text", exact: true }).click();
    const panel = page.getByRole("complementary", { name: "New Field" });
    await panel.getByRole("textbox", { name: "Label", exact: true }).fill("Your name");
    await panel.getByRole("button", { name: "Save" }).click();
    await saved(page);

    // The Cover page: template 005, a title; saved a second after the last change.
    await page.getByRole("link", { name: "Cover", exact: true }).click();
    await page.waitForURL(/\/form\/start$/);
    const writes: number[] = [];
    page.on("request", (request) => { if (request.method() === "PATCH" && request.url().endsWith("/start-page")) writes.push(Date.now()); });
    await page.getByRole("radio", { name: /Event campaign/ }).check();
    await expect.poll(() => writes.length).toBe(1);
    await saved(page);
    // Typing a title letter by letter saves once, a second after the last key.
    const title = page.getByRole("textbox", { name: "Title", exact: true });
    await title.fill("");
    await title.pressSequentially("Spring Meetup 2026", { delay: 30 });
    const typed = Date.now();
    await expect.poll(() => writes.length).toBe(2);
    expect(writes[1]! - typed).toBeGreaterThanOrEqual(900);
    await saved(page);
    await page.waitForTimeout(1500);
    expect(writes).toHaveLength(2);
    // Two square images for the carousel (an empty address is not saved).
    await page.getByRole("button", { name: "Add image" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: /^Image address: .* Not saved\.$/ }).isVisible()).toBe(true);
    await page.getByLabel("Image 1 address").fill("/assets/stage.jpg");
    await page.getByLabel("Image 1 description").fill("The stage");
    await page.getByRole("button", { name: "Add image" }).click();
    await page.getByLabel("Image 2 address").fill("/assets/hall.jpg");
    await page.getByLabel("Image 2 description").fill("The hall");
    await expect.poll(() => writes.length).toBe(3);
    await saved(page);

    // Form settings: open three and a half hours from now, in Seoul time (the field keeps whole
    // minutes; half an hour of margin keeps the minutes in "3h Nm Ns" however slow the steps
    // before the visitor's first look are: at 0 minutes the countdown reads "3h Ns").
    const openAt = new Date(Date.now() + 3 * 3_600_000 + 30 * 60_000);
    await page.getByRole("link", { name: "Form settings" }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole("switch", { name: "Schedule the form" }).check();
    await page.getByLabel("Time zone").selectOption("Asia/Seoul");
    await page.getByLabel("Opens at").fill(wallTime(openAt, "Asia/Seoul"));
    await page.getByLabel("Opens at").press("Enter");
    await saved(page);

    // Back on the Cover page, the preview counts down to the opening.
    await page.getByRole("link", { name: "Cover", exact: true }).click();
    await page.waitForURL(/\/form\/start$/);
    const preview = page.getByRole("figure", { name: "Preview of the cover" }).locator("iframe").contentFrame();
    await expect.poll(() => preview.locator("h1").textContent()).toBe("Spring Meetup 2026");
    await expect.poll(() => preview.locator("[data-fw-countdown]").textContent()).toMatch(/^3h \d+m \d+s$/);
    expect(await preview.locator("[data-fw-footer-label]").textContent()).toBe("Open in");
    expect(await preview.getByRole("button", { name: /^Opens / }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothSchemes(page, "cover-editor", { fullPage: true });

    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
    const publicUrl = `${env.server.url}${(await page.getByRole("link", { name: "Open public form" }).getAttribute("href"))!}`;

    // A visitor before opening: the cover, its countdown ticking, Register disabled.
    const visitor = await env.browser.newPage();
    await visitor.setViewportSize({ width: 390, height: 800 });
    const visitorErrors: string[] = [];
    visitor.on("pageerror", (error) => visitorErrors.push(String(error)));
    const scripts: string[] = [];
    visitor.on("request", (request) => { if (request.resourceType() === "script") scripts.push(request.url()); });
    await visitor.goto(publicUrl);
    await expect.poll(() => visitor.locator("h1").textContent()).toBe("Spring Meetup 2026");
    expect(scripts.some((url) => /\/assets\/entry-/.test(url))).toBe(false);
    const countdown = visitor.locator("[data-fw-countdown]");
    await expect.poll(() => countdown.getAttribute("data-ticked")).toBe("true");
    const first = await countdown.textContent();
    expect(first).toMatch(/^3h \d+m \d+s$/);
    await expect.poll(() => countdown.textContent(), { timeout: 4000 }).not.toBe(first);
    const register = visitor.locator("[data-fw-register]");
    expect(await register.isDisabled()).toBe(true);
    expect(await register.textContent()).toMatch(/^Opens [A-Z][a-z]{2} \d+, \d+:\d\d\s[AP]M$/);
    expect(await visitor.locator(".fw-cover-banner").textContent()).toContain("GMT+9");
    expect(await visitor.getByRole("listitem").evaluateAll((slides) => slides.map((slide) => slide.getAttribute("aria-label")))).toEqual(["Image 1 of 2", "Image 2 of 2"]);
    expect(await visitor.getByRole("img", { name: "The hall" }).count()).toBe(1);
    const month = new Intl.DateTimeFormat("en", { timeZone: "Asia/Seoul", month: "short" }).format(openAt);
    expect(await visitor.locator(".fw-cal-month").textContent()).toBe(month);
    expect(await axeViolations(visitor)).toEqual([]);
    await shootBothSchemes(visitor, "cover-before-open", { fullPage: true });

    // The page's own clock past the opening: Register turns on, the footer counts nothing more.
    const early = await env.browser.newPage();
    await early.clock.install({ time: new Date(openAt.getTime() - 62_000) });
    await early.goto(publicUrl);
    await expect.poll(() => early.locator("[data-fw-countdown]").textContent()).toMatch(/^\d+m \d+s$|^\d+s$/);
    expect(await early.locator("[data-fw-register]").isDisabled()).toBe(true);
    await early.clock.runFor(125_000);
    await expect.poll(() => early.locator("[data-fw-register]").isDisabled()).toBe(false);
    expect(await early.locator("[data-fw-register]").textContent()).toBe("Register");
    await early.close();

    // The owner opens the campaign now: Register leads to the form, and the answer submits.
    // (Publishing bumped the form's revision: the editor reads it again first.)
    await page.getByRole("link", { name: "Form settings" }).click();
    await page.waitForURL(/\/settings$/);
    await page.reload();
    await page.getByRole("switch", { name: "Schedule the form" }).uncheck();
    await saved(page);
    await visitor.goto(`${publicUrl}?utm=spring`);
    await expect.poll(() => visitor.locator("[data-fw-register]").isDisabled()).toBe(false);
    expect(await axeViolations(visitor)).toEqual([]);
    await visitor.getByRole("button", { name: "Register" }).click();
    await visitor.waitForURL(/__fw_start=0/);
    expect(visitor.url()).toContain("utm=spring");
    await visitor.locator("form[data-fw-ready]").waitFor();
    await visitor.getByLabel("Your name").fill("Ada");
    await visitor.getByRole("button", { name: "Submit" }).click();
    await visitor.waitForURL(/\/complete/);

    expect(visitorErrors).toEqual([]);
    expect(errors).toEqual([]);
    await visitor.close();
    await page.close();
  });
});
