/**
 * The Ending page's preview draws what a visitor sees after submitting: the same title,
 * text, language, theme and colours as the real `/d/e/{form_id}/complete` page, compared
 * in Chromium after a real submit (a dark form in the green palette with custom CSS).
 */
import { describe, expect, it } from "vitest";
import type { Frame, Page } from "playwright-core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { openNewFormCanvas, useServerAndBrowser } from "./session";

interface Look {
  lang: string; appearance: string | null; palette: string | null; title: string; text: string;
  heading: string; body: string; card: string; icon: string; font: string; powered_by: boolean;
}

/** What the status page looks like, read inside its document (the preview's frame or the real page). */
function lookOf(target: Page | Frame): Promise<Look> {
  return target.evaluate(() => {
    const style = (el: Element | null) => (el ? getComputedStyle(el) : null);
    const h1 = document.querySelector("h1")!;
    const card = h1.closest(".rounded-3xl");
    const icon = card?.querySelector("[aria-hidden=true]") ?? null;
    const html = document.documentElement;
    return {
      lang: html.lang,
      appearance: html.getAttribute("data-appearance"),
      palette: html.getAttribute("data-palette"),
      title: h1.textContent ?? "",
      text: (h1.nextElementSibling?.textContent ?? "").trim(),
      heading: style(h1)!.color,
      body: style(document.body)!.backgroundColor,
      card: style(card)?.backgroundColor ?? "",
      icon: style(icon)?.color ?? "",
      font: style(h1)!.fontFamily,
      powered_by: /Powered by/i.test(document.body.textContent ?? ""),
    };
  });
}

describe.skipIf(!CHROMIUM_AVAILABLE)("the ending preview in Chromium", () => {
  const env = useServerAndBrowser();
  const saved = (page: Page) => expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");

  it("matches the real completion page after a submit: text, heading, language and colours", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Enid Ending", slug: "ending" }, "Feedback");
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill("Text");
    await page.getByRole("option", { name: "Text", exact: true }).click();
    const panel = page.getByRole("complementary", { name: "New Field" });
    await panel.getByRole("textbox", { name: "Label", exact: true }).fill("Comment");
    await panel.getByRole("button", { name: "Save" }).click();
    await saved(page);

    // Theme: dark, green, French, and custom CSS that colours the heading.
    await page.getByRole("link", { name: "Theme", exact: true }).click();
    await page.waitForURL(/\/design$/);
    await page.getByRole("radio", { name: "Dark" }).check();
    await page.getByRole("radio", { name: "Green" }).check();
    await page.getByLabel("Language").selectOption("fr");
    await saved(page);
    const css = page.getByLabel("CSS for this form");
    await css.fill("h1 { color: rgb(200, 120, 10); }");
    await css.blur();
    await saved(page);

    // Ending: the owner's title and text.
    await page.getByRole("link", { name: "Ending", exact: true }).click();
    await page.waitForURL(/\/form\/end$/);
    await page.getByRole("switch", { name: "Use my own title and text" }).check();
    const title = page.getByRole("textbox", { name: "Title", exact: true });
    await title.fill("Merci beaucoup");
    await title.blur();
    const text = page.getByRole("textbox", { name: "Text", exact: true });
    await text.fill("<p>Nous vous répondrons bientôt.</p>");
    await text.blur();
    await saved(page);

    const frame = page.getByRole("figure", { name: "Preview of the completion page" }).locator("iframe");
    await expect.poll(() => frame.contentFrame().locator("h1").textContent()).toBe("Merci beaucoup");
    const preview = (await (await frame.elementHandle())!.contentFrame())!;
    await expect.poll(() => lookOf(preview).then((l) => l.heading)).toBe("rgb(200, 120, 10)");
    const shown = await lookOf(preview);

    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
    const publicHref = (await page.getByRole("link", { name: "Open public form" }).getAttribute("href"))!;
    const visitor = await (await env.browser.newContext()).newPage();
    await visitor.goto(`${env.server.url}${publicHref}`);
    await visitor.locator("form[data-fw-ready]").waitFor();
    await visitor.getByLabel("Comment").fill("Great");
    // A French form says Envoyer (Submit) to its visitors.
    await visitor.getByRole("button", { name: "Envoyer" }).click();
    await visitor.waitForURL(/\/complete/);
    const real = await lookOf(visitor);

    expect(real).toMatchObject({ lang: "fr", appearance: "dark", palette: "green", title: "Merci beaucoup", text: "Nous vous répondrons bientôt." });
    expect(shown).toEqual(real);
    expect(errors).toEqual([]);
    await visitor.context().close();
    await page.close();
  });
});
