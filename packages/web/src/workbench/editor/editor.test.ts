import { describe, expect, it } from "vitest";
import { DOCTYPES, EDITOR_ROUTE_SUFFIXES, sidebarModesOf } from "@fieldwork/core";
import { editorReducer, initEditor, modeLanding } from "./editor-state";
import { editorNav, modeOfPattern } from "./editor-nav";
import { editorPlaceholder } from "./editor-placeholder";

describe("editor mode", () => {
  it("opens each type in its initial mode at the document root", () => {
    for (const doctype of DOCTYPES) expect(initEditor({ doctype, pattern: "" }).mode).toBe(sidebarModesOf(doctype).initial);
  });

  it("opens in the mode of the route when the type has it", () => {
    expect(initEditor({ doctype: "v0_form", pattern: "data/responses" }).mode).toBe("data");
    expect(initEditor({ doctype: "v0_canvas", pattern: "data/responses" }).mode).toBe("build");
  });

  it("never selects a disabled mode", () => {
    const bucket = initEditor({ doctype: "v0_bucket", pattern: "" });
    expect(bucket.mode).toBe("project");
    expect(editorReducer(bucket, { type: "select-mode", mode: "build" })).toBe(bucket);
    const form = initEditor({ doctype: "v0_form", pattern: "" });
    expect(editorReducer(form, { type: "select-mode", mode: "project" }).mode).toBe("project");
  });

  it("follows the route to its mode", () => {
    const form = initEditor({ doctype: "v0_form", pattern: "" });
    expect(editorReducer(form, { type: "route", pattern: "data/customers" }).mode).toBe("data");
    expect(editorReducer(form, { type: "route", pattern: "" })).toBe(form);
  });

  it("takes the loaded document's modes: a bucket opened while loading as a form lands in Project", () => {
    const loading = initEditor({ doctype: "v0_form", pattern: "" });
    expect(editorReducer(loading, { type: "document", doctype: "v0_form", pattern: "" })).toBe(loading);
    expect(editorReducer(loading, { type: "document", doctype: "v0_bucket", pattern: "" })).toEqual({ doctype: "v0_bucket", mode: "project" });
    expect(editorReducer(loading, { type: "document", doctype: "v0_schema", pattern: "" }).mode).toBe("data");
  });
});

describe("editor sidebar and main area", () => {
  it("puts every route suffix in a mode", () => {
    expect(modeOfPattern("form/edit")).toBe("build");
    expect(modeOfPattern("data/table/{tablename}/definition")).toBe("data");
    expect(modeOfPattern("objects/{path}")).toBe("project");
    expect(modeOfPattern("")).toBeNull();
  });

  it("lists a form's pages, with the cover disabled and the simulator only on a table", () => {
    const build = editorNav("v0_form", "build", "");
    expect(build[0]!.items.map((i) => [i.label, Boolean(i.disabled)])).toEqual([["Cover", false], ["Main", false], ["Ending", false]]);
    const simulator = (pattern: "data/responses" | "data/customers") => editorNav("v0_form", "data", pattern).flatMap((g) => g.items).find((i) => i.suffix === "data/simulator")!;
    expect(simulator("data/customers").disabled).toBeTruthy();
    expect(simulator("data/responses").disabled).toBeUndefined();
  });

  it("switching a form's sidebar mode opens that mode's page (Data from the canvas: the responses)", () => {
    expect(modeLanding("v0_form", "data", "form/edit")).toBe("data/responses");
    expect(modeLanding("v0_form", "build", "data/customers")).toBe("form/edit");
    expect(modeLanding("v0_form", "data", "data/analytics")).toBeNull();
    expect(modeLanding("v0_site", "data", "")).toBeNull();
  });

  it("has an honest placeholder for every type, mode and suffix", () => {
    for (const doctype of DOCTYPES) {
      for (const mode of ["build", "data", "project"] as const) {
        for (const pattern of EDITOR_ROUTE_SUFFIXES) {
          const p = editorPlaceholder(doctype, mode, pattern);
          expect(p.title, `${doctype} ${mode} ${pattern}`).not.toBe("");
          expect(p.body).not.toBe("");
        }
      }
    }
    expect(editorPlaceholder("v0_site", "build", "")).toMatchObject({ title: "Site editor", body: "This is not part of this version of Fieldwork." });
    expect(editorPlaceholder("v0_form", "build", "connect/share")).toMatchObject({ title: "Sharing", body: "This is not part of this version of Fieldwork." });
    expect(editorPlaceholder("v0_bucket", "project", "data/responses")).toMatchObject({ unavailable: true, body: "Storage bucket documents have no Data mode." });
  });
});
