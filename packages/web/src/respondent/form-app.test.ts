import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PARAM } from "@fieldwork/core";
import { FormApp, formIdFromPath } from "./form-app";
import { samplePreload } from "../fixtures/sample-preload";

const render = (props: Parameters<typeof FormApp>[0]) => renderToString(createElement(FormApp, props));
const html = render({ preload: samplePreload(), submit_action: "/submit/f_sample", query: { source: "ad" } });

/** The opening tag of the element with this id. */
const tagOf = (id: string) => new RegExp(`<[a-z]+[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? "";

describe("FormApp server render (the no-JavaScript form)", () => {
  it("is one multipart POST form to the submit action", () => {
    expect(html.match(/<form/g)).toHaveLength(1);
    expect(html).toMatch(/<form[^>]*action="\/submit\/f_sample"/);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<form[^>]*encType="multipart\/form-data"/i);
  });

  it("shows every section, none hidden", () => {
    expect(html).toContain('data-section-id="s1"');
    expect(html).toContain('data-section-id="s2"');
    expect(html).not.toMatch(/<section[^>]*hidden/);
  });

  it("gives inputs their names and native constraints", () => {
    expect(tagOf("fw-full_name")).toMatch(/name="full_name"/);
    expect(tagOf("fw-full_name")).toMatch(/required/);
    expect(tagOf("fw-phone")).toMatch(/pattern="\[0-9 \+\(\)-\]\{6,\}"/);
    expect(tagOf("fw-guests")).toMatch(/min="1"[^>]*max="12"[^>]*step="1"|step="1"/);
    expect(tagOf("fw-room")).toMatch(/required/);
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*name="meal"[^>]*value="breakfast"/);
    expect(tagOf("fw-terms")).toMatch(/type="checkbox"/);
    expect(tagOf("fw-terms")).toMatch(/value="on"/);
    expect(tagOf("fw-newsletter")).toMatch(/role="switch"/);
  });

  it("fills defaults (default_values, then URL parameters) as uncontrolled values", () => {
    expect(tagOf("fw-guests")).toMatch(/value="2"/);
    expect(tagOf("fw-source")).toMatch(/value="ad"/);
    expect(html).toMatch(/value="parking"[^>]*checked|checked[^>]*value="parking"/);
  });

  it("disables sold-out options", () => {
    expect(html).toMatch(/<option[^>]*value="suite"[^>]*disabled/);
  });

  it("has a working Submit without JavaScript and marks Next as JS-only", () => {
    expect(html).toMatch(/<button type="submit"[^>]*class="[^"]*fw-nojs-only[^"]*"[^>]*>Submit<\/button>/);
    expect(html).toMatch(/<button type="button"[^>]*class="[^"]*fw-js-only[^"]*"[^>]*>Next/);
    expect(html).not.toContain("data-fw-ready");
  });

  it("carries the session, utc offset and visitor id inputs", () => {
    for (const name of [PARAM.session, PARAM.utc_offset, PARAM.visitor_id]) expect(html).toContain(`name="${name}"`);
  });

  it("shows the powered-by footer only when enabled", () => {
    expect(html).toContain("Powered by");
    const off = samplePreload({ options: { optimize_for_cjk: false, is_powered_by_branding_enabled: false } });
    expect(render({ preload: off, submit_action: "/submit/f_sample" })).not.toContain("Powered by");
  });

  it("submits at once when the form has no sections", () => {
    const preload = samplePreload();
    const flat = preload.blocks.filter((b) => b.type !== "section").map((b) => ({ ...b, parent_id: null }));
    const out = render({ preload: { ...preload, blocks: flat, tree: [] }, submit_action: "/submit/f_sample" });
    expect(out).not.toContain("data-section-id");
    expect(out).toMatch(/<button type="submit"[^>]*class="[^"]*"[^>]*>Submit</);
    expect(out).not.toContain("fw-nojs-only");
  });

  it("renders the skeleton for a client-only mount", () => {
    expect(render({ preload: null, submit_action: "/submit/x", form_id: "x" })).toContain('data-testid="form-skeleton"');
  });

  it("renders the not-found state for a load error without a page", () => {
    const preload = samplePreload({ error: { code: "FORM_NOT_FOUND", message: "Form not found." } });
    expect(render({ preload, submit_action: "/submit/x" })).toContain("Form not found");
  });
});

describe("formIdFromPath", () => {
  it("reads the id of /d/e/{form_id} paths", () => {
    expect(formIdFromPath("/d/e/abc")).toBe("abc");
    expect(formIdFromPath("/d/e/abc/complete")).toBe("abc");
    expect(formIdFromPath("/other")).toBeNull();
  });
});
