/**
 * The pages rendered to static markup (no DOM needed): what each role is offered, the
 * empty states, and the editor's modes. Effects do not run here, so loads stay in their
 * skeletons; the behaviour after loading is covered by e2e/workbench.test.ts.
 */
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Me, Role } from "../api/types";
import { SessionProvider } from "../session/session-context";
import { HomePage } from "./home-page";
import { OrganizationPage } from "./organization-page";
import { ProjectPage } from "./project-page";
import { SignInPage } from "./sign-in-page";

const render = (element: ReactElement) => renderToStaticMarkup(createElement(SessionProvider, null, element));

function meWith(role: Role | null): Me {
  return {
    user: { id: "u1", email: "ada@example.com", name: "Ada Lovelace" },
    profile: { uid: "u1", display_name: "Ada Lovelace", avatar: null },
    organizations: role ? [{ id: "o1", name: "acme", display_name: "Acme", role, projects: [{ id: "p1", name: "website" }] }] : [],
    csrf_token: "t",
  };
}

describe("sign-in page", () => {
  it("asks for email and password and links to sign-up, keeping where to go next", () => {
    const html = render(createElement(SignInPage, { next: "/acme/website/d1" }));
    expect(html).toContain(">Email</label>");
    expect(html).toContain(">Password</label>");
    expect(html).toContain('href="/sign-up?next=%2Facme%2Fwebsite%2Fd1"');
  });
});

describe("home", () => {
  it("invites someone without organizations to create one", () => {
    const html = render(createElement(HomePage, { me: meWith(null) }));
    expect(html).toContain("Create your first organization");
    expect(html).toContain("New organization");
  });

  it("lists organizations with their projects", () => {
    const html = render(createElement(HomePage, { me: meWith("editor") }));
    expect(html).toContain('href="/acme/website"');
    expect(html).toContain("Editor");
  });
});

describe("organization page", () => {
  it("lets owners create projects and tells others why they cannot", () => {
    expect(render(createElement(OrganizationPage, { me: meWith("owner"), orgName: "acme" }))).not.toContain("Only owners can create projects");
    const viewer = render(createElement(OrganizationPage, { me: meWith("viewer"), orgName: "acme" }));
    expect(viewer).toMatch(/<button[^>]*aria-disabled="true"[^>]*title="Only owners can create projects. You are a viewer here."/);
  });

  it("lets owners invite members; others see the list read-only", () => {
    expect(render(createElement(OrganizationPage, { me: meWith("owner"), orgName: "acme" }))).toContain("Invite member");
    expect(render(createElement(OrganizationPage, { me: meWith("editor"), orgName: "acme" }))).not.toContain("Invite member");
    expect(render(createElement(OrganizationPage, { me: meWith("viewer"), orgName: "acme" }))).toContain(">Members</h2>");
  });

  it("shows the settings and Delete organization to owners only", () => {
    expect(render(createElement(OrganizationPage, { me: meWith("owner"), orgName: "acme" }))).toContain("Delete organization");
    expect(render(createElement(OrganizationPage, { me: meWith("editor"), orgName: "acme" }))).not.toContain("Delete organization");
  });

  it("says not found for an organization the user is not in", () => {
    expect(render(createElement(OrganizationPage, { me: meWith("owner"), orgName: "other" }))).toContain("Organization not found");
  });
});

describe("project page", () => {
  it("offers New document to editors and owners, not to viewers", () => {
    const page = (role: Role) => render(createElement(ProjectPage, { me: meWith(role), orgName: "acme", projectName: "website" }));
    expect(page("editor")).toContain("New document");
    expect(page("owner")).toContain("New document");
    expect(page("viewer")).not.toContain("New document");
    expect(page("owner")).toContain("Delete project");
    expect(page("editor")).not.toContain("Delete project");
  });

  it("shows API keys to owners only", () => {
    const page = (role: Role) => render(createElement(ProjectPage, { me: meWith(role), orgName: "acme", projectName: "website" }));
    expect(page("owner")).toContain(">API keys</h2>");
    expect(page("owner")).toContain("New API key");
    expect(page("editor")).not.toContain("API keys");
    expect(page("viewer")).not.toContain("API keys");
  });

  it("gives rows an actions column for editors and owners, not viewers", () => {
    const page = (role: Role) => render(createElement(ProjectPage, { me: meWith(role), orgName: "acme", projectName: "website" }));
    expect(page("editor")).toContain('<span class="sr-only">Actions</span>');
    expect(page("viewer")).not.toContain('<span class="sr-only">Actions</span>');
  });
});
