import { describe, expect, it } from "vitest";
import { authPath, leadsToInvitation, matchRoute, safeNextPath } from "./routes";
import { isPlainClick } from "./history";

describe("matchRoute", () => {
  it("reads the account pages, home, an organization and a project", () => {
    expect(matchRoute("/sign-in")).toEqual({ name: "sign-in" });
    expect(matchRoute("/sign-up/")).toEqual({ name: "sign-up" });
    expect(matchRoute("/")).toEqual({ name: "home" });
    expect(matchRoute("/account")).toEqual({ name: "account" });
    expect(matchRoute("/invite/fwi_abc-123")).toEqual({ name: "invite", token: "fwi_abc-123" });
    expect(matchRoute("/invite")).toEqual({ name: "not-found" });
    expect(matchRoute("/acme")).toEqual({ name: "organization", org: "acme" });
    expect(matchRoute("/acme/website/")).toEqual({ name: "project", org: "acme", project: "website" });
  });

  it("reads editor routes with core's parseEditorRoute, keeping org and project", () => {
    const route = matchRoute("/acme/website/2b1f/data/responses");
    expect(route).toMatchObject({ name: "editor", editor: { org: "acme", project: "website", document_id: "2b1f", suffix: "data/responses", pattern: "data/responses" } });
    expect(matchRoute("/acme/website/2b1f")).toMatchObject({ name: "editor", editor: { suffix: "", pattern: "" } });
    expect(matchRoute("/acme/website/2b1f/data/table/orders/definition")).toMatchObject({ editor: { pattern: "data/table/{tablename}/definition" } });
  });

  it("sends unknown suffixes, reserved or malformed names to not-found", () => {
    expect(matchRoute("/acme/website/2b1f/nowhere")).toEqual({ name: "not-found" });
    expect(matchRoute("/settings")).toEqual({ name: "not-found" });
    expect(matchRoute("/Acme")).toEqual({ name: "not-found" });
    expect(matchRoute("/acme/x")).toEqual({ name: "not-found" });
    expect(matchRoute("/acme/%E0%A4%A")).toEqual({ name: "not-found" });
  });
});

describe("safeNextPath", () => {
  it("knows when signing in leads on to an invitation", () => {
    expect(leadsToInvitation("/invite/fwi_abc")).toBe(true);
    expect(leadsToInvitation("/acme")).toBe(false);
    expect(leadsToInvitation("//evil.example/invite/x")).toBe(false);
    expect(leadsToInvitation(null)).toBe(false);
  });

  it("keeps paths of this site", () => {
    expect(safeNextPath("/acme/website/2b1f/form?x=1")).toBe("/acme/website/2b1f/form?x=1");
  });

  it("refuses other sites, schemes and the account pages themselves", () => {
    for (const next of [null, "", "https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/sign-in", "/sign-up?next=/x"]) {
      expect(safeNextPath(next)).toBe("/");
    }
  });

  it("builds the sign-in path that returns to a page", () => {
    expect(authPath("/sign-in", "/acme/web/d1")).toBe("/sign-in?next=%2Facme%2Fweb%2Fd1");
    expect(authPath("/sign-up", "/")).toBe("/sign-up");
  });
});

describe("isPlainClick", () => {
  const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
  it("handles plain left clicks only", () => {
    expect(isPlainClick(click)).toBe(true);
    expect(isPlainClick({ ...click, metaKey: true })).toBe(false);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
    expect(isPlainClick(click, "_blank")).toBe(false);
  });
});
