import { describe, expect, it } from "vitest";
import type { Me } from "../api/types";
import { findOrganization, findProject } from "./lookup";

const me = {
  organizations: [{ id: "o1", name: "acme", display_name: "Acme", role: "owner", projects: [{ id: "p1", name: "website" }] }],
} as unknown as Me;

describe("lookup", () => {
  it("finds an organization and a project by their names in the path", () => {
    expect(findOrganization(me, "acme")?.id).toBe("o1");
    expect(findProject(me, "acme", "website")?.project.id).toBe("p1");
  });

  it("finds nothing the user cannot see", () => {
    expect(findOrganization(me, "other")).toBeNull();
    expect(findProject(me, "acme", "intranet")).toBeNull();
  });
});
