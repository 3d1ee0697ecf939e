import { describe, expect, it } from "vitest";
import { assertDoctype, editorPath, parseEditorRoute, sidebarModesOf, slugProblem } from "./documents";

describe("sidebar modes", () => {
  it("open forms and sites in build, schemas in data, buckets in project, canvases build only", () => {
    expect(sidebarModesOf("v0_form").initial).toBe("build");
    expect(sidebarModesOf("v0_site").initial).toBe("build");
    expect(sidebarModesOf("v0_schema").initial).toBe("data");
    expect(sidebarModesOf("v0_bucket")).toEqual({ initial: "project", enabled: { build: false, data: false, project: true } });
    expect(sidebarModesOf("v0_canvas")).toEqual({ initial: "build", enabled: { build: true, data: false, project: false } });
  });

  it("refuses any other doctype", () => {
    expect(() => assertDoctype("v0_sheet")).toThrow(/Unsupported doctype/);
  });
});

describe("editor routes", () => {
  it("reads /{org}/{project}/{document_id}/{suffix}", () => {
    expect(parseEditorRoute("/acme/web/doc-1/data/responses")).toMatchObject({
      org: "acme", project: "web", document_id: "doc-1", suffix: "data/responses", pattern: "data/responses", basepath: "/acme/web",
    });
    expect(parseEditorRoute("/acme/web/doc-1")?.pattern).toBe("");
    expect(parseEditorRoute("/acme/web/doc-1/data/table/orders/definition")?.pattern).toBe("data/table/{tablename}/definition");
    expect(parseEditorRoute("/acme/web/doc-1/data/table/~new")?.pattern).toBe("data/table/~new");
    expect(parseEditorRoute("/acme/web/doc-1/objects/a/b/c")?.pattern).toBe("objects/{path}");
    expect(parseEditorRoute("/acme/web/doc-1/nowhere")).toBeNull();
    expect(parseEditorRoute("/acme/web")).toBeNull();
  });

  it("reads a supplied basepath", () => {
    expect(parseEditorRoute("/studio/doc-1/form/edit", "/studio")).toMatchObject({ org: null, document_id: "doc-1", pattern: "form/edit" });
    expect(parseEditorRoute("/elsewhere/doc-1", "/studio")).toBeNull();
    expect(editorPath("/studio/", "doc-1", "form")).toBe("/studio/doc-1/form");
    expect(editorPath("acme/web", "doc-1")).toBe("/acme/web/doc-1");
  });
});

describe("slugs", () => {
  it("are lowercase url names that are not reserved", () => {
    expect(slugProblem("acme-2")).toBeNull();
    expect(slugProblem("Acme")).not.toBeNull();
    expect(slugProblem("api")).toMatch(/reserved/);
  });
});
