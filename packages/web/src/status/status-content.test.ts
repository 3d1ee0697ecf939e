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

  it("lists the missing required hidden fields a bad request names, identifiers only", () => {
    const content = statusContent("badrequest", form, { error: "MISSING_REQUIRED_HIDDEN_FIELDS", fields: "campaign,ref_id,<b>x</b>,Bad" }, EN);
    expect(content).toMatchObject({ code: "MISSING_REQUIRED_HIDDEN_FIELDS", fields: ["campaign", "ref_id"] });
    expect(statusContent("badrequest", form, { error: "MALFORMED_REQUEST" }, EN).fields).toBeUndefined();
  });

  it("the outdated-schema page: statement, reload, project home, support when configured, details as JSON", () => {
    const content = statusContent("outdated", form, { revision: "3", current: "5" }, EN, { support_url: "mailto:help@example.com" });
    expect(content.title).toBe("Error: outdated schema version");
    expect(content.text[0]).toBe("The document version is outdated.");
    expect(content.text[1]).toMatch(/created with an older version.*updated manually/);
    expect(content.link).toEqual({ href: "/d/e/f1", label: "Reload the form" });
    expect(content.links).toEqual([{ href: "/", label: "Project home" }, { href: "mailto:help@example.com", label: "Contact support" }]);
    expect(JSON.parse(content.details!)).toEqual({ form_id: "f1", revision: 3, current_revision: 5 });
    // No support link unless the operator set a web or mailto address; no details without both revisions.
    const bare = statusContent("outdated", form, { revision: "x" }, EN, { support_url: "javascript:alert(1)" });
    expect(bare.links).toEqual([{ href: "/", label: "Project home" }]);
    expect(bare.details).toBeUndefined();
  });

  it("the outdated-schema page's links and labels speak the form's language", () => {
    const content = statusContent("outdated", form, { revision: "3", current: "5" }, messagesFor("ko"), { support_url: "https://help.example.com" });
    expect(content.links?.map((link) => link.label)).toEqual(["프로젝트 홈", "지원팀에 문의"]);
    expect(content.details_label).toBe("세부 정보");
    expect(statusContent("badrequest", form, { error: "MISSING_REQUIRED_HIDDEN_FIELDS", fields: "campaign" }, messagesFor("ko")).fields_label).toBe("누락된 항목:");
  });
});
