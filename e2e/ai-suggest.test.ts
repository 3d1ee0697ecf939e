/**
 * The field panel's "Ask AI" box in Chromium, against the built server with AI_BASE_URL on a
 * local chat-completions stand-in (the real provider is not reachable from CI): a new field,
 * a description typed and sent with Enter, the spinner while the model is slow, the
 * suggestion previewed, applied from the keyboard, saved; the field's edit panel offers no
 * AI box (only creating does).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startChatStandIn, type ChatStandIn } from "../packages/server/src/test/chat-stand-in";
import { axeViolations } from "./axe";
import { openBrowser } from "./browser";
import { CHROMIUM_AVAILABLE, startServer, type RunningServer } from "./harness";
import { openNewFormCanvas, shootBothSchemes } from "./session";

const SUGGESTION = {
  name: "tshirt_size", label: "T-shirt size", type: "select", required: true, help_text: "For the welcome pack.",
  options: [{ value: "S", label: "Small" }, { value: "M", label: "Medium" }, { value: "L", label: "Large" }],
};

describe.skipIf(!CHROMIUM_AVAILABLE)("AI field suggestion in Chromium", () => {
  const env = {} as { server: RunningServer; browser: Browser };
  let standIn: ChatStandIn;
  beforeAll(async () => {
    standIn = await startChatStandIn(() => ({ content: `Here it is:\n${JSON.stringify(SUGGESTION)}`, delayMs: 800 }));
    [env.server, env.browser] = await Promise.all([
      startServer({ env: { AI_BASE_URL: standIn.url, AI_API_KEY: "sk-e2e", AI_MODEL: "stand-in-model" } }),
      openBrowser(),
    ]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
    await standIn?.close();
  });

  it("suggests a field from a description, previews it, applies it from the keyboard and saves it", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Ada Assist", slug: "ai-suggest" }, "Conference signup");
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill("Text");
    await page.getByRole("option", { name: "Text", exact: true }).click();
    const panel = page.getByRole("complementary", { name: "New Field" });
    const box = panel.getByRole("region", { name: "Ask AI" });
    const describe = box.getByRole("textbox", { name: "Describe the field" });
    await describe.fill("t-shirt size for the welcome pack");
    await describe.press("Enter");
    // The model answers after 800 ms: meanwhile Suggest spins and says so.
    await expect.poll(() => box.getByRole("status").textContent()).toBe("Suggesting…");
    expect(await box.getByRole("button", { name: "Suggest" }).getAttribute("aria-busy")).toBe("true");
    const preview = box.getByRole("group", { name: "Suggested field" });
    await expect.poll(() => preview.textContent()).toMatch(/Type\s*Select.*Label\s*T-shirt size.*Name\s*tshirt_size.*Options\s*Small, Medium, Large.*Required\s*Yes/s);
    expect(await preview.textContent()).toContain("Suggested by the AI service.");
    // Nothing is applied before the owner confirms.
    expect(await panel.getByRole("textbox", { name: "Label", exact: true }).inputValue()).not.toBe("T-shirt size");
    expect({ where: "ask ai preview", violations: await axeViolations(page) }).toEqual({ where: "ask ai preview", violations: [] });
    await shootBothSchemes(page, "ask-ai-preview");

    // Apply has the focus: Enter applies.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Apply suggestion");
    await page.keyboard.press("Enter");
    await expect.poll(() => preview.count()).toBe(0);
    expect(await panel.getByRole("textbox", { name: "Label", exact: true }).inputValue()).toBe("T-shirt size");
    expect(await panel.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe("tshirt_size");
    expect(await panel.getByRole("combobox", { name: "Type" }).inputValue()).toBe("select");
    expect(await panel.getByRole("checkbox", { name: "Required" }).isChecked()).toBe(true);

    const asked = standIn.requests.at(-1)!;
    expect(asked.authorization).toBe("Bearer sk-e2e");
    expect(asked.body.model).toBe("stand-in-model");
    expect(asked.body.messages!.at(-1)!.content).toContain("t-shirt size for the welcome pack");

    await panel.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");

    // Editing the saved field: its options are there, and no AI box (only creating offers one).
    await page.getByRole("list", { name: "Blocks of the form" }).getByRole("group", { name: "Select field: T-shirt size", exact: true }).click();
    await page.getByRole("button", { name: "Edit field" }).click();
    const edit = page.getByRole("complementary", { name: "Edit Field" });
    await expect.poll(() => edit.count()).toBe(1);
    expect(await edit.getByRole("region", { name: "Ask AI" }).count()).toBe(0);
    expect(await edit.getByRole("textbox", { name: "Label", exact: true }).inputValue()).toBe("T-shirt size");
    expect(errors).toEqual([]);
  });
});
