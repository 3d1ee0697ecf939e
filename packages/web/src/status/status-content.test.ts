import { describe, expect, it } from "vitest";
import { EN, messagesFor } from "@fieldwork/core";
import { statusContent } from "./status-content";

const form = { id: "f1" };

describe("statusContent", () => {
  it("tells a closed form from one outside its schedule", () => {
    expect(statusContent("formclosed", form, {}, EN).title).toBe("This form is closed");
    expect(statusContent("formclosed", form, { oops: "FORM_SCHEDULE_NOT_IN_RANGE" }, EN).title).toBe("This form is not open right now");
  });

  it("shows the bad request's code and catalogue message, with a link back", () => {
    const content = statusContent("badrequest", form, { error: "UNKNOWN_FIELDS_NOT_ALLOWED" }, EN);
    expect(content).toMatchObject({ code: "UNKNOWN_FIELDS_NOT_ALLOWED", text: ["The form does not accept fields it does not define."], link: { href: "/d/e/f1" } });
  });

  it("uses the ending page when enabled, else thanks", () => {
    const ending = { is_ending_page_enabled: true, title: "See you soon", body_html: "<p>Bye</p>", redirect_after_response_uri: null };
    expect(statusContent("complete", { id: "f1", ending }, {}, EN)).toMatchObject({ title: "See you soon", html: "<p>Bye</p>" });
    expect(statusContent("complete", { id: "f1", ending: { ...ending, is_ending_page_enabled: false } }, {}, EN)).toMatchObject({
      title: "Thank you", text: ["Your response has been recorded."],
    });
  });

  it("redirects after a response only to http(s) URLs", () => {
    const ending = { is_ending_page_enabled: false, title: null, body_html: null, redirect_after_response_uri: "javascript:alert(1)" };
    expect(statusContent("complete", { id: "f1", ending }, {}, EN).redirect).toBeUndefined();
    const ok = { ...ending, redirect_after_response_uri: "https://example.com/thanks" };
    expect(statusContent("complete", { id: "f1", ending: ok }, {}, EN).redirect).toBe("https://example.com/thanks");
  });

  it("speaks the form's language, the bad request's message included", () => {
    expect(statusContent("formclosed", form, {}, messagesFor("ko")).title).toBe("양식이 마감되었습니다");
    expect(statusContent("badrequest", form, { error: "MISSING_REQUIRED_HIDDEN_FIELDS" }, messagesFor("ar"))).toMatchObject({
      title: "تعذّرت معالجة هذا الطلب", text: ["لم يتم تقديم الحقول المخفية المطلوبة."], link: { label: "العودة إلى النموذج" },
    });
  });

  it("has no link back without a form", () => {
    expect(statusContent("developererror", null, {}, EN).link).toBeUndefined();
    expect(statusContent("notfound", null, {}, EN).title).toBe("Form not found");
  });
});
