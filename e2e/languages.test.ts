/**
 * The respondent runtime in the form's language (issue 22, item 3), in Chromium: an Arabic
 * form reads right to left (the page's `dir`, the footer and labels mirrored) and every
 * button and message is Arabic; a Korean form is Korean with and without JavaScript, its
 * refusals included; both submit, and axe finds nothing on either. A form's own button labels
 * (spec 2 §3) replace the language's on the page and after hydration, and the Theme page
 * edits them with its preview.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { openNewFormCanvas, shootBothSchemes, useServerAndBrowser } from "./session";

type Row = Record<string, unknown>;

describe.skipIf(!CHROMIUM_AVAILABLE)("a form in its own language, in Chromium", () => {
  const env = useServerAndBrowser();
  const rows = (formId: string): Row[] =>
    env.server.cli(["responses", "list", formId]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Row);

  function importForm(lang: string, sections: boolean, button_labels?: Record<string, string>): string {
    const file = join(env.server.dataDir, `lang-${lang}.json`);
    const fields = [
      { name: "guest", type: "text", label: lang === "ar" ? "الاسم" : "이름", required: true },
      { name: "nights", type: "number", label: lang === "ar" ? "عدد الليالي" : "숙박 일수", max: 10 },
      { name: "room", type: "select", label: lang === "ar" ? "الغرفة" : "객실", options: [{ value: "single" }, { value: "double" }] },
    ];
    const blocks = sections
      ? [
        { type: "section", title_html: "١", children: [{ type: "field", field: "guest" }, { type: "field", field: "nights" }] },
        { type: "section", title_html: "٢", children: [{ type: "field", field: "room" }] },
      ]
      : fields.map((f) => ({ type: "field", field: f.name }));
    writeFileSync(file, JSON.stringify({ format: "fieldwork.form", version: 1, title: `Stay (${lang})`, theme: { lang, button_labels }, fields, blocks }));
    return (JSON.parse(env.server.cli(["forms", "import", file])) as { id: string }).id;
  }

  /** The message under a field, as the visitor reads it. */
  const refusal = (page: Page, name: string) => page.evaluate((name) => document.getElementById(`fw-${name}-error`)?.textContent ?? null, name);
  const centreX = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return box.x + box.width / 2;
  };

  it("Arabic: right to left, mirrored and translated, refuses and submits in Arabic, axe clean", async () => {
    const formId = importForm("ar", true);
    const page = await env.browser.newPage({ viewport: { width: 900, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(`${env.server.url}/d/e/${formId}`);
    await page.locator("form[data-fw-ready]").waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
    const next = page.getByRole("button", { name: "التالي" });
    expect(await next.isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Next" }).count()).toBe(0);
    // Mirrored: the primary button sits at the inline end (left), the label starts at the right.
    const width = page.viewportSize()!.width;
    expect(await centreX(next)).toBeLessThan(width / 2);
    const label = page.locator("label[for='fw-guest']");
    const labelText = await label.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return { gapRight: box.right - text.right, gapLeft: text.left - box.left };
    });
    expect(labelText.gapRight).toBeLessThan(2);
    expect(labelText.gapLeft).toBeGreaterThan(100);
    // The page's own checks speak Arabic.
    await page.getByLabel("عدد الليالي").fill("11");
    await next.click();
    await expect.poll(() => refusal(page, "guest")).toBe("هذا الحقل مطلوب.");
    expect(await refusal(page, "nights")).toBe("يجب أن تكون القيمة 10 أو أقل.");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("fw-guest");
    expect(await axeViolations(page)).toEqual([]);
    await shootBothSchemes(page, "public-form-arabic", { fullPage: true });

    await page.getByLabel("الاسم").fill("ليلى");
    await page.getByLabel("عدد الليالي").fill("3");
    await next.click();
    const back = page.getByRole("button", { name: "السابق" });
    await expect.poll(() => back.isVisible()).toBe(true);
    expect(await centreX(back)).toBeGreaterThan(width / 2);
    const room = page.getByLabel("الغرفة");
    expect(await room.locator("option").first().textContent()).toBe("اختر خيارًا");
    await room.selectOption("double");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "إرسال" }).click();
    await page.waitForURL(/\/complete/);
    expect(await page.getByRole("heading", { name: "شكرًا لك" }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    expect(rows(formId).at(-1)).toMatchObject({ guest: "ليلى", nights: 3, room: "double" });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("Korean: translated with JavaScript, a server refusal in Korean under the field and in the badge, submits, axe clean", async () => {
    const formId = importForm("ko", false);
    const page = await env.browser.newPage();
    await page.goto(`${env.server.url}/d/e/${formId}`);
    await page.locator("form[data-fw-ready]").waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ko", "ltr"]);
    const submit = page.getByRole("button", { name: "제출" });
    expect(await submit.isVisible()).toBe(true);
    expect(await page.getByLabel("객실").locator("option").first().textContent()).toBe("옵션을 선택하세요");
    await submit.click();
    await expect.poll(() => refusal(page, "guest")).toBe("필수 입력 항목입니다.");
    expect(await axeViolations(page)).toEqual([]);

    // What the browser lets through, the server refuses in Korean: under the field and in the badge.
    await page.getByLabel("이름").fill("민지");
    await page.evaluate(() => {
      document.querySelector("form")!.noValidate = true;
      const nights = document.getElementById("fw-nights") as HTMLInputElement;
      nights.removeAttribute("max");
      nights.value = "12";
    });
    await submit.click();
    const badge = page.getByTestId("error-badge");
    await expect.poll(() => badge.isVisible()).toBe(true);
    expect(await badge.innerText()).toContain("양식을 올바르게 작성해 주세요.");
    expect(await page.getByTestId("field-error-summary").innerText()).toContain("숙박 일수: 10 이하여야 합니다.");
    expect(await refusal(page, "nights")).toBe("10 이하여야 합니다.");
    expect(await page.getByRole("button", { name: "닫기" }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothSchemes(page, "public-form-korean", { fullPage: true });

    await page.getByLabel("숙박 일수").fill("2");
    await page.getByLabel("객실").selectOption("single");
    await submit.click();
    await page.waitForURL(/\/complete/);
    expect(await page.getByRole("heading", { name: "감사합니다" }).isVisible()).toBe(true);
    expect(rows(formId).at(-1)).toMatchObject({ guest: "민지", nights: 2, room: "single" });
    await page.close();
  });

  it("Korean without JavaScript: the same words, and a refused post comes back in Korean", async () => {
    const formId = importForm("ko", false);
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/d/e/${formId}`);
    const submit = page.getByRole("button", { name: "제출" });
    expect(await submit.isVisible()).toBe(true);
    // The browser's own checks (in its language, not the form's) stand aside: the server's answer is the one to read.
    await page.evaluate(() => {
      document.querySelector("form")!.noValidate = true;
    });
    await page.getByLabel("숙박 일수").fill("11");
    await submit.click();
    await expect.poll(() => page.getByTestId("field-error-summary").isVisible()).toBe(true);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ko", "ltr"]);
    expect(await page.locator("#fw-guest-error").textContent()).toBe("필수 입력 항목입니다.");
    expect(await page.locator("#fw-nights-error").textContent()).toBe("10 이하여야 합니다.");
    expect(await page.getByText("양식을 올바르게 작성해 주세요.").isVisible()).toBe(true);
    expect(rows(formId)).toHaveLength(0);
    await context.close();
  });

  it("the Theme page offers the thirteen languages and its preview speaks the one chosen, Arabic right to left", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Lina Lang", slug: "lang" }, "Languages");
    await page.getByRole("link", { name: "Theme", exact: true }).click();
    await page.waitForURL(/\/design$/);
    const language = page.getByLabel("Language");
    await expect.poll(() => language.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)))
      .toEqual(["en", "ko", "es", "de", "ja", "fr", "pt", "it", "ru", "zh", "ar", "hi", "nl"]);
    await language.selectOption("ar");
    await expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");
    const frame = page.getByRole("figure", { name: "Preview of the public form" }).locator("iframe").contentFrame();
    await expect.poll(() => frame.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await frame.locator("html").getAttribute("lang")).toBe("ar");
    await expect.poll(() => frame.getByRole("button", { name: "إرسال" }).count()).toBe(1);

    // The form's own wording: the box shows the language's default in grey, the preview follows what is saved.
    const submitLabel = page.getByLabel("Submit button");
    expect(await submitLabel.getAttribute("placeholder")).toBe("إرسال");
    await submitLabel.fill("احجز الآن");
    await submitLabel.press("Enter");
    await expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");
    await expect.poll(() => frame.getByRole("button", { name: "احجز الآن" }).count()).toBe(1);
    expect(await frame.getByRole("button", { name: "إرسال" }).count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByLabel("Submit button").inputValue()).toBe("احجز الآن");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a form's own button labels: on the page the server renders, and on the buttons the browser draws after each step", async () => {
    const formId = importForm("ko", true, { next: "계속", back: "돌아가기", submit: "신청하기" });
    const page = await env.browser.newPage();
    await page.goto(`${env.server.url}/d/e/${formId}`);
    await page.locator("form[data-fw-ready]").waitFor();
    expect(await page.getByRole("button", { name: "계속" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "다음" }).count()).toBe(0);
    await page.getByLabel("이름").fill("민지");
    await page.getByRole("button", { name: "계속" }).click();
    await expect.poll(() => page.getByRole("button", { name: "신청하기" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "돌아가기" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "제출" }).count()).toBe(0);
    await page.getByLabel("객실").selectOption("double");
    await page.getByRole("button", { name: "신청하기" }).click();
    await page.waitForURL(/\/complete/);
    expect(rows(formId).at(-1)).toMatchObject({ guest: "민지", room: "double" });
    await page.close();
  });
});
