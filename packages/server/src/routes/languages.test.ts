/**
 * The public pages speak the form's language (issue 22, item 3): the theme's `lang` picks the
 * catalogue; the page sets `<html lang>` and, for Arabic, `dir="rtl"`; the buttons, the
 * status pages and a refused native submit's messages are translated, and the preload the
 * browser hydrates from carries the same sentences.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { importForm } from "../forms/definition-import";
import { listResponses } from "../forms/responses";
import { defaultProject } from "../seed/seed";
import { BACKENDS, multipart } from "../test/backends";

const definition = (lang: string) => ({
  format: "fieldwork.form", version: 1, title: `Survey ${lang}`, settings: { published: true }, theme: { lang },
  fields: [
    { name: "full_name", type: "text", label: "Name", required: true },
    { name: "age", type: "number", label: "Age", max: 10 },
  ],
  blocks: ["full_name", "age"].map((field) => ({ type: "field", field })),
});

describe.each(BACKENDS)("the form's language on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  const forms: Record<string, string> = {};

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, rateLimitFactor: 0 });
    const project = await defaultProject(database.db);
    for (const lang of ["ko", "ar", "pt-BR", "xx", "\"><script>alert(1)</script>"]) {
      forms[lang] = (await importForm(database.db, project, definition(lang))).id;
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const page = async (form: string, path = "") => (await app.inject({ method: "GET", url: `/d/e/${form}${path}` })).body;

  it.skipIf(!backend.available)("renders a Korean form in Korean, left to right, and hydrates from the same sentences", async () => {
    const html = await page(forms.ko!);
    expect(html).toMatch(/<html lang="ko" dir="ltr"/);
    expect(html).toMatch(/<button type="submit"[^>]*>(?:<!-- -->)?제출<\/button>/);
    expect(html).not.toMatch(/>Submit</);
    const preload = (await app.inject({ method: "GET", url: `/v1/${forms.ko}` })).json().data;
    expect(preload.lang).toBe("ko");
    expect(preload.messages["button.next"]).toBe("다음");
    expect(preload.messages["form.invalid"]).toBe("양식을 올바르게 작성해 주세요.");
    // The status pages are the server's alone: the browser is not sent their sentences.
    expect(Object.keys(preload.messages).some((key) => key.startsWith("status."))).toBe(false);
    expect(html).toContain('"button.submit":"제출"');
  });

  it.skipIf(!backend.available)("renders an Arabic form right to left, in Arabic", async () => {
    const html = await page(forms.ar!);
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toMatch(/>(?:<!-- -->)?إرسال<\/button>/);
  });

  it.skipIf(!backend.available)("reads a regional tag as its language and anything unknown as English", async () => {
    expect(await page(forms["pt-BR"]!)).toMatch(/<html lang="pt-BR" dir="ltr"[\s\S]*>(?:<!-- -->)?Enviar<\/button>/);
    expect(await page(forms.xx!)).toMatch(/>(?:<!-- -->)?Submit<\/button>/);
    const hostile = await page(forms["\"><script>alert(1)</script>"]!);
    expect(hostile).toMatch(/<html lang="&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;" dir="ltr"/);
    expect(hostile).not.toContain("<script>alert(1)");
  });

  it.skipIf(!backend.available)("translates the status pages: closed in Korean, a bad request in Arabic", async () => {
    const closed = await page(forms.ko!, "/formclosed");
    expect(closed).toMatch(/<html lang="ko" dir="ltr"/);
    expect(closed).toContain("양식이 마감되었습니다");
    expect(closed).toContain("더 이상 응답을 받지 않습니다.");
    const bad = await page(forms.ar!, "/badrequest?error=MISSING_REQUIRED_HIDDEN_FIELDS");
    expect(bad).toMatch(/<html lang="ar" dir="rtl"/);
    expect(bad).toContain("لم يتم تقديم الحقول المخفية المطلوبة.");
    expect(bad).toContain("العودة إلى النموذج");
    expect(bad).toContain("MISSING_REQUIRED_HIDDEN_FIELDS");
    const thanks = await page(forms.ar!, "/complete");
    expect(thanks).toContain("شكرًا لك");
  });

  it.skipIf(!backend.available)("words a refused native submit in the form's language, under each field", async () => {
    const body = multipart({ full_name: "", age: "11" });
    const answer = await app.inject({
      method: "POST", url: `/submit/${forms.ko}`, payload: body.payload, headers: { ...body.headers, accept: "text/html" },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatch(/<html lang="ko" dir="ltr"/);
    expect(answer.body).toMatch(/id="fw-full_name-error"[^>]*>(?:<svg.*?<\/svg>)?필수 입력 항목입니다\.<\/p>/);
    expect(answer.body).toMatch(/id="fw-age-error"[^>]*>(?:<svg.*?<\/svg>)?10 이하여야 합니다\.<\/p>/);
    // The summary on top says so in Korean too.
    expect(answer.body).toContain("양식을 올바르게 작성해 주세요.");
    expect(await listResponses(database.db, forms.ko!)).toHaveLength(0);
  });

  it.skipIf(!backend.available)("words the JSON refusal the page shows with JavaScript in the form's language", async () => {
    const body = multipart({ full_name: "", age: "11" });
    const answer = await app.inject({
      method: "POST", url: `/submit/${forms.ar}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.field_errors).toEqual([
      { field: "full_name", code: "REQUIRED_FIELD_MISSING", message: "هذا الحقل مطلوب." },
      { field: "age", code: "INVALID_FIELD_VALUE", message: "يجب أن تكون القيمة 10 أو أقل." },
    ]);
  });
});
