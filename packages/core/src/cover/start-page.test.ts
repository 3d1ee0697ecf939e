import { describe, expect, it } from "vitest";
import { calendarBadge, scheduleTimeText } from "./schedule-time";
import { defaultStartPage, readStartPage, START_PAGE_SCHEMA_VERSION, StartPageUpdate } from "./start-page";

describe("readStartPage", () => {
  it("no start page", () => {
    expect(readStartPage(null)).toEqual({ kind: "none" });
  });
  it("a page of the schema version is valid, with its template's defaults", () => {
    const page = defaultStartPage("003");
    expect(readStartPage(page)).toEqual({ kind: "valid", page });
    expect(page.content).toEqual({ title: "Enter Title", subtitle: "Enter Subtitle", background: null });
    expect(readStartPage(defaultStartPage("005"))).toMatchObject({ kind: "valid", page: { template_id: "005", content: { media: [] } } });
  });
  it("another schema version is invalid and names its version", () => {
    expect(readStartPage({ ...defaultStartPage("003"), schema_version: "0.0.1-beta.0" })).toEqual({ kind: "invalid", version: "0.0.1-beta.0" });
    expect(readStartPage({ template_id: "003" })).toEqual({ kind: "invalid", version: null });
    expect(readStartPage("cover")).toEqual({ kind: "invalid", version: null });
  });
  it("a page of the right version with unreadable content is invalid too", () => {
    expect(readStartPage({ schema_version: START_PAGE_SCHEMA_VERSION, template_id: "009", content: {} })).toEqual({ kind: "invalid", version: START_PAGE_SCHEMA_VERSION });
    const unsafe = { ...defaultStartPage("003"), content: { title: "T", subtitle: "S", background: "javascript:alert(1)" } };
    expect(readStartPage(unsafe).kind).toBe("invalid");
  });
  it("the editor's update refuses other versions and unsafe images", () => {
    expect(StartPageUpdate.safeParse({ revision: 1, start_page: null }).success).toBe(true);
    expect(StartPageUpdate.safeParse({ revision: 1, start_page: { ...defaultStartPage("005"), schema_version: "1.0.0" } }).success).toBe(false);
    const media = [{ src: "data:image/png;base64,AAAA" }];
    expect(StartPageUpdate.safeParse({ revision: 1, start_page: { ...defaultStartPage("005"), content: { title: "T", body: "", media } } }).success).toBe(false);
  });
});

describe("schedule times in the campaign's timezone", () => {
  const at = new Date("2026-03-02T20:00:00Z");
  it("the badge's month and day are those of the scheduling timezone", () => {
    expect(calendarBadge(at, "Asia/Seoul")).toEqual({ month: "Mar", day: "3" });
    expect(calendarBadge(at, "America/New_York")).toEqual({ month: "Mar", day: "2" });
  });
  it("no timezone or an unknown one reads as UTC", () => {
    expect(calendarBadge(at, null)).toEqual({ month: "Mar", day: "2" });
    expect(scheduleTimeText(at, "Not/AZone")).toBe(scheduleTimeText(at, "UTC"));
    expect(scheduleTimeText(at, "Asia/Seoul")).toMatch(/^Mar 3, 2026, 5:00\sAM GMT\+9$/);
    expect(scheduleTimeText(at, "Asia/Seoul", "en", "short")).toMatch(/^Mar 3, 5:00\sAM$/);
  });
});
