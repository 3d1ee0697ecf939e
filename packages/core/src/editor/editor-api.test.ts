import { describe, expect, it } from "vitest";
import { BlockCreate, EndingUpdate, FieldCreate, SETTINGS_CALLS, ThemeUpdate } from "./editor-api";

const form_id = "00000000-0000-4000-8000-000000000001";

describe("editor API schemas", () => {
  it("checks the schedule as the settings page does", () => {
    const schedule = SETTINGS_CALLS["form-schedule"];
    const base = { form_id, revision: 3, enabled: true, tz: "Europe/Paris" };
    expect(schedule.safeParse({ ...base, open_at: null, close_at: null }).error?.issues[0]?.message).toBe("Either open or close must be set.");
    expect(schedule.safeParse({ ...base, open_at: "2026-12-02T10:00:00Z", close_at: "2026-12-01T10:00:00Z" }).error?.issues[0]?.message)
      .toBe("Open time must be before close time.");
    expect(schedule.safeParse({ ...base, open_at: "2026-12-01T10:00:00+01:00", close_at: null }).success).toBe(true);
    expect(schedule.safeParse({ ...base, enabled: false, open_at: null, close_at: null }).success).toBe(true);
  });

  it("takes redirects only to http(s) or this site, and no field blocks without their field", () => {
    const redirect = SETTINGS_CALLS["redirect-uri"];
    expect(redirect.safeParse({ form_id, revision: 1, redirect_uri: "javascript:alert(1)" }).success).toBe(false);
    expect(redirect.safeParse({ form_id, revision: 1, redirect_uri: "https://example.com/thanks" }).success).toBe(true);
    expect(redirect.safeParse({ form_id, revision: 1, redirect_uri: null }).success).toBe(true);
    expect(BlockCreate.safeParse({ revision: 1, type: "field" }).success).toBe(false);
    expect(BlockCreate.parse({ revision: 1, type: "header" })).toMatchObject({ focus_block_id: null, title_html: null });
    expect(FieldCreate.safeParse({ revision: 1, field: { name: "a", type: "text", pattern: "(a)\\1" } }).success).toBe(false);
  });
});

describe("theme and ending updates", () => {
  it("keep only the keys given: a PATCH leaves the others as they are", () => {
    expect(ThemeUpdate.parse({ revision: 1, theme: { palette: "ocean" } })).toEqual({ revision: 1, theme: { palette: "ocean" } });
    expect(EndingUpdate.parse({ revision: 1, ending: { title: "Thanks" } })).toEqual({ revision: 1, ending: { title: "Thanks" } });
    expect(EndingUpdate.safeParse({ revision: 1, ending: { redirect_uri: "javascript:alert(1)" } }).success).toBe(false);
    expect(ThemeUpdate.safeParse({ revision: 1, theme: { unknown: 1 } }).success).toBe(false);
  });
});
