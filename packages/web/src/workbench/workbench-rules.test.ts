import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./format-time";
import { canCreateDocument, canCreateProject, canEditDocuments, canManageApiKeys, canManageMembers, whyNoProject, withArticle } from "./permissions";
import { initialsOf } from "./shell/initials";

describe("formatRelativeTime", () => {
  const now = new Date("2025-06-10T12:00:00Z");
  it("reads recent times relatively and older ones as dates", () => {
    expect(formatRelativeTime("2025-06-10T11:59:50Z", now, "en")).toBe("just now");
    expect(formatRelativeTime("2025-06-10T11:55:00Z", now, "en")).toBe("5 minutes ago");
    expect(formatRelativeTime("2025-06-10T09:00:00Z", now, "en")).toBe("3 hours ago");
    expect(formatRelativeTime("2025-06-09T12:00:00Z", now, "en")).toBe("yesterday");
    expect(formatRelativeTime("2025-05-01T12:00:00Z", now, "en")).toBe("May 1");
    expect(formatRelativeTime("2023-05-01T12:00:00Z", now, "en")).toBe("May 1, 2023");
    expect(formatRelativeTime("nonsense", now, "en")).toBe("");
  });
});

describe("permissions", () => {
  it("lets owners create projects, editors and owners documents", () => {
    expect([canCreateProject("owner"), canCreateProject("editor"), canCreateProject("viewer")]).toEqual([true, false, false]);
    expect([canCreateDocument("owner"), canCreateDocument("editor"), canCreateDocument("viewer")]).toEqual([true, true, false]);
    expect(whyNoProject("viewer")).toMatch(/Only owners.*a viewer/);
    expect(whyNoProject("owner")).toBeNull();
  });

  it("lets owners manage members and API keys, editors and owners rename and delete documents", () => {
    expect([canManageMembers("owner"), canManageMembers("editor"), canManageMembers("viewer")]).toEqual([true, false, false]);
    expect([canManageApiKeys("owner"), canManageApiKeys("editor"), canManageApiKeys("viewer")]).toEqual([true, false, false]);
    expect([canEditDocuments("owner"), canEditDocuments("editor"), canEditDocuments("viewer")]).toEqual([true, true, false]);
    expect([withArticle("owner"), withArticle("editor"), withArticle("viewer")]).toEqual(["an owner", "an editor", "a viewer"]);
  });
});

describe("initialsOf", () => {
  it("takes first and last initials, or the start of the email", () => {
    expect(initialsOf("Ada King Lovelace", "a@b.c")).toBe("AL");
    expect(initialsOf("", "zoe@example.com")).toBe("ZO");
  });
});
