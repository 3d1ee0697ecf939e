import { describe, expect, it } from "vitest";
import { EN } from "@fieldwork/core";
import { statusContent } from "../../../status/status-content";
import { statusView } from "../../../status/status-view";
import { endingDraftReducer, endingPatch, formEndingOf, initEndingDraft, statusFormOf } from "./ending-draft";

const ending = { enabled: true, title: "Thanks!", body_html: "<p>See you</p>", redirect_uri: null };

describe("the Ending draft", () => {
  it("starts as a page, or as a redirect when the form has one", () => {
    expect(initEndingDraft(ending)).toMatchObject({ mode: "page", title: "Thanks!", body_html: "<p>See you</p>", redirect_uri: "" });
    expect(initEndingDraft({ ...ending, redirect_uri: "https://example.com" }).mode).toBe("redirect");
  });

  it("follows a new document except in what is being typed", () => {
    let draft = endingDraftReducer(initEndingDraft(ending), { type: "edit", key: "title", text: "Merci" });
    draft = endingDraftReducer(draft, { type: "document", ending: { ...ending, title: "Other", body_html: "<p>New</p>" } });
    expect(draft).toMatchObject({ title: "Merci", body_html: "<p>New</p>" });
    draft = endingDraftReducer(draft, { type: "saved", key: "title" });
    expect(draft.dirty).toEqual({});
  });

  it("keeps the redirect mode chosen until an address is saved", () => {
    let draft = endingDraftReducer(initEndingDraft(ending), { type: "mode", mode: "redirect" });
    draft = endingDraftReducer(draft, { type: "document", ending });
    expect(draft.mode).toBe("redirect");
  });

  it("takes only http(s) redirects and clears empty text", () => {
    expect(endingPatch("redirect_uri", "https://example.com/done")).toEqual({ ok: true, patch: { redirect_uri: "https://example.com/done" } });
    expect(endingPatch("redirect_uri", "javascript:alert(1)")).toMatchObject({ ok: false });
    expect(endingPatch("redirect_uri", "/thanks")).toMatchObject({ ok: false });
    expect(endingPatch("title", "  ")).toEqual({ ok: true, patch: { title: null } });
  });

  it("previews what the public completion page shows", () => {
    expect(statusContent("complete", { id: "f", ending: formEndingOf(ending) }, {}, EN)).toMatchObject({ title: "Thanks!", html: "<p>See you</p>" });
    expect(statusContent("complete", { id: "f", ending: formEndingOf({ ...ending, enabled: false }) }, {}, EN).title).toBe("Thank you");
  });

  it("gives the completion page the form's title, language and stylesheet, as the server does", () => {
    const theme = {
      lang: "fr", appearance: "dark", palette: "green", font_family: "lora", section: null, custom_css: "h1{color:red}",
      background: null, is_powered_by_branding_enabled: true, optimize_for_cjk: false, button_labels: { back: null, next: null, submit: null, pay: null },
    } as const;
    const view = statusView("complete", statusFormOf({ form_id: "f", title: "Feedback", theme }, ending), {});
    expect(view).toMatchObject({
      lang: "fr", title: "Thanks! · Feedback", powered_by: false,
      stylesheet: { appearance: "dark", palette: "green", font_family: "lora", section: null, custom_css: "h1{color:red}" },
      content: { title: "Thanks!", html: "<p>See you</p>", icon: "success" },
    });
  });
});
