import { describe, expect, it } from "vitest";
import { defaultStartPage, START_PAGE_SCHEMA_VERSION } from "@fieldwork/core";
import { fixtureDocument } from "../build/build-fixture";
import { campaignOfSettings, startPageProblem, withTemplate } from "./start-draft";

describe("the Cover page's draft", () => {
  it("choosing a template starts from its defaults and keeps the title when switching", () => {
    const page003 = withTemplate(null, "003");
    expect(page003).toEqual(defaultStartPage("003"));
    const titled = { ...page003!, content: { ...page003!.content, title: "Spring fair" } } as typeof page003;
    expect(withTemplate(titled, "005")).toMatchObject({ schema_version: START_PAGE_SCHEMA_VERSION, template_id: "005", content: { title: "Spring fair", media: [] } });
    expect(withTemplate(titled, "003")).toBe(titled);
    expect(withTemplate(titled, "none")).toBeNull();
  });
  it("an unsafe image address is named and not saved", () => {
    const page = defaultStartPage("005");
    expect(startPageProblem(page)).toBeNull();
    const bad = { ...page, content: { ...page.content, media: [{ src: "javascript:alert(1)", alt: "" }] } } as typeof page;
    expect(startPageProblem(bad)).toMatch(/^Image address: Use an http: or https: address/);
    const long = { ...page, content: { ...page.content, title: "x".repeat(300) } } as typeof page;
    expect(startPageProblem(long)).toMatch(/^Title:/);
  });
  it("the preview's campaign is the form's settings", () => {
    const settings = { ...fixtureDocument().settings, scheduling: { enabled: true, open_at: "2030-01-01T00:00:00.000Z", close_at: null, tz: "Asia/Seoul" } };
    expect(campaignOfSettings(settings)).toMatchObject({ is_scheduling_enabled: true, scheduling_open_at: "2030-01-01T00:00:00.000Z", scheduling_tz: "Asia/Seoul" });
  });
});
