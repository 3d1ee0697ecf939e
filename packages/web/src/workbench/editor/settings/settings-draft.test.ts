import { describe, expect, it } from "vitest";
import { fixtureDocument } from "../build/build-fixture";
import { buildReducer, command } from "../build/build-reducer";
import { initBuild } from "../build/build-state";
import { checkLimit, checkRedirect, checkSchedule, initSettingsDraft, LIMIT_MESSAGE, settingsDraftReducer, toggledLimit, totalLimitHint, unchanged } from "./settings-draft";

const scheduled = (patch: Partial<ReturnType<typeof fixtureDocument>["settings"]["scheduling"]>) => {
  const doc = fixtureDocument();
  return { ...doc, settings: { ...doc.settings, scheduling: { ...doc.settings.scheduling, ...patch } } };
};

describe("the Form settings draft", () => {
  it("starts from the document, showing stored times in the form's zone", () => {
    const draft = initSettingsDraft(scheduled({ enabled: true, open_at: "2025-05-01T00:00:00Z", close_at: null, tz: "Asia/Tokyo" }));
    expect(draft.schedule).toEqual({ enabled: true, open: "2025-05-01T09:00", close: "", tz: "Asia/Tokyo" });
    expect(draft.total).toEqual({ on: false, text: "" });
  });

  it("keeps the instants when the zone changes", () => {
    const draft = initSettingsDraft(scheduled({ open_at: "2025-05-01T00:00:00Z", tz: "Asia/Tokyo" }));
    const next = settingsDraftReducer(draft, { type: "schedule", patch: { tz: "Europe/Paris" } });
    expect(next.schedule.open).toBe("2025-05-01T02:00");
    expect(checkSchedule(next.schedule)).toMatchObject({ ok: true, values: { open_at: "2025-05-01T02:00:00+02:00", tz: "Europe/Paris" } });
  });

  it("checks the schedule with core's rule before sending", () => {
    const base = { enabled: true, open: "", close: "", tz: "UTC" };
    expect(checkSchedule(base)).toEqual({ ok: false, message: "Either open or close must be set." });
    expect(checkSchedule({ ...base, open: "2025-05-02T10:00", close: "2025-05-01T10:00" })).toEqual({ ok: false, message: "Open time must be before close time." });
    expect(checkSchedule({ ...base, enabled: false })).toMatchObject({ ok: true, values: { enabled: false, open_at: null, close_at: null } });
    expect(checkSchedule({ ...base, close: "2025-05-01T10:00" })).toMatchObject({ ok: true, name: "form-schedule", values: { close_at: "2025-05-01T10:00:00+00:00" } });
  });

  it("takes limits as off or a positive whole number", () => {
    expect(checkLimit("total", { on: true, text: "1" })).toEqual({ ok: true, name: "max-responses-in-total", values: { max_form_responses_in_total: 1 } });
    expect(checkLimit("customer", { on: false, text: "5" })).toEqual({ ok: true, name: "max-responses-by-customer", values: { max_form_responses_by_customer: null } });
    for (const text of ["0", "-1", "1.5", "", "ten"]) expect(checkLimit("total", { on: true, text })).toEqual({ ok: false, message: LIMIT_MESSAGE });
  });

  it("takes only http(s) redirects, and empty clears it", () => {
    expect(checkRedirect(" https://example.com/thanks ")).toMatchObject({ ok: true, values: { redirect_uri: "https://example.com/thanks" } });
    expect(checkRedirect("")).toMatchObject({ ok: true, values: { redirect_uri: null } });
    for (const bad of ["javascript:alert(1)", "ftp://x.org", "//evil.example", "https://user:pw@x.org"]) expect(checkRedirect(bad).ok).toBe(false);
  });

  it("sends nothing when the value is what the document holds", () => {
    const doc = scheduled({ enabled: true, open_at: "2025-05-01T00:00:00Z", tz: "UTC" });
    expect(unchanged(doc, checkSchedule(initSettingsDraft(doc).schedule))).toBe(true);
    expect(unchanged(doc, checkLimit("total", { on: true, text: "3" }))).toBe(false);
  });

  it("saves through the Build editor's queue and undoes", () => {
    const checked = checkLimit("total", { on: true, text: "1" });
    if (!checked.ok) throw new Error("expected a call");
    const state = buildReducer(initBuild({ document: fixtureDocument(), readonly: false }), command("settings", { name: checked.name, values: checked.values }));
    expect(state.working.settings.max_form_responses_in_total).toBe(1);
    expect(state.queue).toHaveLength(1);
    expect(buildReducer(state, command("undo", {})).working.settings.max_form_responses_in_total).toBeNull();
  });
});

describe("switching a limit on", () => {
  it("leaves the total empty and unsaved until a number is typed; per person starts at one", () => {
    expect(toggledLimit("total", { on: false, text: "" }, true)).toEqual({ draft: { on: true, text: "" }, save: false });
    expect(toggledLimit("customer", { on: false, text: "" }, true)).toEqual({ draft: { on: true, text: "1" }, save: true });
    // A number typed before is kept; switching off saves at once.
    expect(toggledLimit("total", { on: false, text: "250" }, true)).toEqual({ draft: { on: true, text: "250" }, save: true });
    expect(toggledLimit("total", { on: true, text: "" }, false)).toEqual({ draft: { on: false, text: "" }, save: true });
  });
});

describe("the draft and the document", () => {
  it("follows a new document (undo, reload) except in what is being typed", () => {
    const doc = fixtureDocument();
    let draft = initSettingsDraft(doc);
    draft = settingsDraftReducer(draft, { type: "limit", key: "customer", patch: { on: true, text: "4" } });
    const changed = { ...doc, settings: { ...doc.settings, max_form_responses_in_total: 9, max_form_responses_by_customer: 2 } };
    draft = settingsDraftReducer(draft, { type: "document", doc: changed });
    expect(draft.total).toEqual({ on: true, text: "9" });
    expect(draft.customer).toEqual({ on: true, text: "4" });
    draft = settingsDraftReducer(draft, { type: "checked", key: "customer", message: null });
    expect(draft.dirty).toEqual({});
  });

  it("keeps a refused value with its message until it is fixed", () => {
    let draft = settingsDraftReducer(initSettingsDraft(fixtureDocument()), { type: "limit", key: "total", patch: { on: true, text: "0" } });
    draft = settingsDraftReducer(draft, { type: "checked", key: "total", message: LIMIT_MESSAGE });
    expect(draft.errors.total).toBe(LIMIT_MESSAGE);
    expect(draft.dirty.total).toBe(true);
    draft = settingsDraftReducer(draft, { type: "document", doc: fixtureDocument() });
    expect(draft.total.text).toBe("0");
  });
});

describe("the total limit's hint", () => {
  it("says where the form stands and that deleting a response frees its place", () => {
    expect(totalLimitHint(3, 10)).toBe("3 of 10 responses. Counts the responses the form holds now: deleting one frees its place.");
    expect(totalLimitHint(0, 1)).toBe("0 of 1 response. Counts the responses the form holds now: deleting one frees its place.");
    expect(totalLimitHint(1200, null)).toBe("The form holds 1,200 responses. Counts the responses the form holds now: deleting one frees its place.");
  });
});
