import { describe, expect, it } from "vitest";
import type { DocumentSummary, Member } from "../api/types";
import { deleteConfirmation, documentTitle, filterDocuments } from "./document-actions";
import { demotionConfirmation, memberChoices, removalConfirmation, roleChangedMessage, roleChangeNeedsConfirm } from "./member-actions";

const ada: Member = { user_id: "u1", email: "ada@example.com", display_name: "Ada Lovelace", role: "owner" };
const bo: Member = { user_id: "u2", email: "bo@example.com", display_name: "", role: "editor" };

describe("member actions", () => {
  it("offers the other roles, then remove (leave, for yourself)", () => {
    expect(memberChoices(bo, "u1").map((c) => c.label)).toEqual(["Make owner", "Make viewer", "Remove from organization"]);
    expect(memberChoices(ada, "u1").map((c) => c.label)).toEqual(["Make editor", "Make viewer", "Leave organization"]);
    // Not an owner: only leaving, on one's own row.
    expect(memberChoices(ada, "u1", false).map((c) => c.label)).toEqual(["Leave organization"]);
    expect(memberChoices(bo, "u1", false)).toEqual([]);
    expect(memberChoices(bo, "u1")[0]).toEqual({ kind: "role", role: "owner", label: "Make owner" });
  });

  it("confirms only giving up your own ownership", () => {
    expect(roleChangeNeedsConfirm(ada, "editor", "u1")).toBe(true);
    expect(roleChangeNeedsConfirm(ada, "editor", "u2")).toBe(false);
    expect(roleChangeNeedsConfirm(bo, "viewer", "u2")).toBe(false);
    expect(demotionConfirmation("viewer", "Acme")).toMatchObject({ title: "Make yourself a viewer?", confirmLabel: "Make me a viewer" });
  });

  it("words removals and role changes for others and for yourself", () => {
    expect(removalConfirmation(bo, "u1", "Acme")).toMatchObject({ title: "Remove bo@example.com?", confirmLabel: "Remove member" });
    expect(removalConfirmation(bo, "u1", "Acme").body).toContain("loses access to Acme");
    expect(removalConfirmation(ada, "u1", "Acme")).toMatchObject({ title: "Leave Acme?", confirmLabel: "Leave organization" });
    expect(roleChangedMessage(ada, "editor", "u2")).toBe("Ada Lovelace is now an editor.");
    expect(roleChangedMessage(ada, "viewer", "u1")).toBe("You are now a viewer.");
  });
});

describe("document actions", () => {
  const doc = (doctype: DocumentSummary["doctype"], title: string) =>
    ({ id: "d1", doctype, title, form_id: null, published: null, created_at: "", updated_at: "" }) satisfies DocumentSummary;

  it("says that deleting a form deletes its responses table", () => {
    expect(deleteConfirmation(doc("v0_form", "Signup"))).toMatchObject({ title: "Delete “Signup”?", confirmLabel: "Delete form" });
    expect(deleteConfirmation(doc("v0_form", "Signup")).body).toMatch(/its responses table are deleted/);
    expect(deleteConfirmation(doc("v0_canvas", "Board"))).toMatchObject({ body: "The canvas is deleted. This cannot be undone.", confirmLabel: "Delete canvas" });
  });

  it("names untitled documents by their type", () => {
    expect(documentTitle(doc("v0_site", ""))).toBe("Untitled site");
    expect(documentTitle(doc("v0_site", "Home"))).toBe("Home");
  });

  it("filters by every word of the query, in the title or the type", () => {
    const docs = [doc("v0_form", "Beta signup"), doc("v0_schema", "Customers"), doc("v0_canvas", "Signup flow"), doc("v0_site", "")];
    const titles = (query: string) => filterDocuments(docs, query).map(documentTitle);
    expect(titles("")).toHaveLength(4);
    expect(titles("SIGNUP")).toEqual(["Beta signup", "Signup flow"]);
    expect(titles("signup canvas")).toEqual(["Signup flow"]);
    expect(titles("database")).toEqual(["Customers"]);
    expect(titles("untitled")).toEqual(["Untitled site"]);
    expect(titles("nothing")).toEqual([]);
  });
});
