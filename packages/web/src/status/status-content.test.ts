import { describe, expect, it } from "vitest";
import { statusContent } from "./status-content";

const form = { id: "f1" };

describe("statusContent", () => {
  it("tells a closed form from one outside its schedule", () => {
    expect(statusContent("formclosed", form, {}).title).toBe("This form is closed");
    expect(statusContent("formclosed", form, { oops: "FORM_SCHEDULE_NOT_IN_RANGE" }).title).toBe("This form is not open right now");
  });

  it("shows the bad request's code and catalogue message, with a link back", () => {
    const content = statusContent("badrequest", form, { error: "UNKNOWN_FIELDS_NOT_ALLOWED" });
    expect(content).toMatchObject({ code: "UNKNOWN_FIELDS_NOT_ALLOWED", text: ["The form does not accept fields it does not define."], link: { href: "/d/e/f1" } });
  });

  it("uses the ending page when enabled, else thanks", () => {
    const ending = { is_ending_page_enabled: true, title: "See you soon", body_html: "<p>Bye</p>", redirect_after_response_uri: null };
    expect(statusContent("complete", { id: "f1", ending }, {})).toMatchObject({ title: "See you soon", html: "<p>Bye</p>" });
    expect(statusContent("complete", { id: "f1", ending: { ...ending, is_ending_page_enabled: false } }, {})).toMatchObject({
      title: "Thank you", text: ["Your response has been recorded."],
    });
  });

  it("redirects after a response only to http(s) URLs", () => {
    const ending = { is_ending_page_enabled: false, title: null, body_html: null, redirect_after_response_uri: "javascript:alert(1)" };
    expect(statusContent("complete", { id: "f1", ending }, {}).redirect).toBeUndefined();
    const ok = { ...ending, redirect_after_response_uri: "https://example.com/thanks" };
    expect(statusContent("complete", { id: "f1", ending: ok }, {}).redirect).toBe("https://example.com/thanks");
  });

  it("has no link back without a form", () => {
    expect(statusContent("developererror", null, {}).link).toBeUndefined();
    expect(statusContent("notfound", null, {}).title).toBe("Form not found");
  });

  it("lists the missing required hidden fields a bad request names, identifiers only", () => {
    const content = statusContent("badrequest", form, { error: "MISSING_REQUIRED_HIDDEN_FIELDS", fields: "campaign,ref_id,<b>x</b>,Bad" });
    expect(content).toMatchObject({ code: "MISSING_REQUIRED_HIDDEN_FIELDS", fields: ["campaign", "ref_id"] });
    expect(statusContent("badrequest", form, { error: "MALFORMED_REQUEST" }).fields).toBeUndefined();
  });

  it("the outdated-schema page: statement, reload, project home, support when configured, details as JSON", () => {
    const content = statusContent("outdated", form, { revision: "3", current: "5" }, { support_url: "mailto:help@example.com" });
    expect(content.title).toBe("Error: outdated schema version");
    expect(content.text[0]).toBe("The document version is outdated.");
    expect(content.text[1]).toMatch(/created with an older version.*updated manually/);
    expect(content.link).toEqual({ href: "/d/e/f1", label: "Reload the form" });
    expect(content.links).toEqual([{ href: "/", label: "Project home" }, { href: "mailto:help@example.com", label: "Contact support" }]);
    expect(JSON.parse(content.details!)).toEqual({ form_id: "f1", revision: 3, current_revision: 5 });
    // No support link unless the operator set a web or mailto address; no details without both revisions.
    const bare = statusContent("outdated", form, { revision: "x" }, { support_url: "javascript:alert(1)" });
    expect(bare.links).toEqual([{ href: "/", label: "Project home" }]);
    expect(bare.details).toBeUndefined();
  });
});
