import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { buildTree, type FormBlock, type FormField } from "@fieldwork/core";
import { describe, expect, it } from "vitest";
import { SAMPLE_BLOCKS, SAMPLE_FIELDS, samplePreload } from "../fixtures/sample-preload";
import { FormApp } from "./form-app";
import { evaluatePageLogic, hiddenSectionIds, prefilledLogic, samePageLogic } from "./form-logic-state";
import { indexForm, insideAny } from "./form-index";
import { prefillFrom } from "./prefill";

// The sample form, with notes shown only to guests of a suite or double room and a computed price.
const fields: FormField[] = [
  ...SAMPLE_FIELDS,
  { ...SAMPLE_FIELDS[0]!, id: "fd_price", name: "price", label: "Price", type: "number", required: false, v_value: "#/guests * 90" },
];
const blocks: FormBlock[] = [
  ...SAMPLE_BLOCKS.map((b) => (b.id === "b_notes" ? { ...b, v_hidden: '#/room != "double"' } : b)),
  { ...SAMPLE_BLOCKS.find((b) => b.id === "b_notes")!, id: "b_price", local_index: 9, form_field_id: "fd_price" },
];
const preload = (default_values: Record<string, string | number | string[]>) =>
  samplePreload({ fields, blocks, tree: buildTree(blocks), default_values });
const render = (default_values: Record<string, string | number | string[]>, query: Record<string, string> = {}) =>
  renderToString(createElement(FormApp, { preload: preload(default_values), submit_action: "/submit/f_sample", query }));
const blockHtml = (html: string) => /<div[^>]*data-fw-logic="[^"]*"[^>]*>.*?<textarea[^>]*>/s.exec(html)?.[0] ?? "";

describe("form logic in the public form", () => {
  it("evaluates the first render with the prefilled values, the same for server and browser", () => {
    const logic = prefilledLogic(fields, blocks, prefillFrom({ guests: 2 }, { room: "double" }));
    expect(logic.hidden_block_ids.has("b_notes")).toBe(false);
    expect(logic.computed.get("fd_price")).toBe(180);
    expect(prefilledLogic(fields, blocks, prefillFrom({}, {})).hidden_block_ids.has("b_notes")).toBe(true);
  });

  it("re-evaluates from the strings the inputs would post, and keeps equal results equal", () => {
    const raw = (values: Record<string, string[]>) => (f: FormField) => values[f.name] ?? [];
    const single = evaluatePageLogic(fields, blocks, raw({ room: ["single"], guests: ["3"] }));
    expect(single.hidden_block_ids.has("b_notes")).toBe(true);
    expect(single.computed.get("fd_price")).toBe(270);
    expect(samePageLogic(single, evaluatePageLogic(fields, blocks, raw({ room: ["single"], guests: ["3"], notes: ["x"] })))).toBe(true);
    expect(samePageLogic(single, evaluatePageLogic(fields, blocks, raw({ room: ["double"], guests: ["3"] })))).toBe(false);
  });

  it("without JavaScript, shows a block logic hides (marked for hiding once scripts run) with no native required", () => {
    const html = render({ guests: 2 });
    const hidden = blockHtml(html);
    expect(hidden).toMatch(/class="fw-nojs-only"/);
    expect(hidden).toMatch(/data-fw-logic="hidden"/);
    expect(hidden).not.toMatch(/<div[^>]*\shidden/);
    expect(hidden).toMatch(/name="notes"/);
  });

  it("shows a block logic shows, still without native required before scripts (the server decides)", () => {
    const withRequired = fields.map((f) => (f.name === "notes" ? { ...f, required: true } : f));
    const html = renderToString(createElement(FormApp, {
      preload: samplePreload({ fields: withRequired, blocks, tree: buildTree(blocks), default_values: { room: "double" } }),
      submit_action: "/submit/f_sample", query: {},
    }));
    const shown = blockHtml(html);
    expect(shown).toMatch(/data-fw-logic="shown"/);
    expect(shown).not.toMatch(/fw-nojs-only/);
    expect(shown).not.toMatch(/required/);
  });

  it("shows a computed field's value read-only and posts nothing for it", () => {
    const html = render({ guests: 4 });
    const input = /<input[^>]*id="fw-price"[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toMatch(/readOnly|readonly/);
    expect(input).toMatch(/value="360"/);
    expect(input).not.toMatch(/name=/);
  });
});

describe("a section that logic hides", () => {
  it("is found around its blocks, at any depth, so their fields lose native required once interactive", () => {
    const index = indexForm({ blocks: SAMPLE_BLOCKS, fields: SAMPLE_FIELDS, tree: [] });
    const room = index.blocks.get("b_room")!;
    expect(insideAny(index, room, new Set(["s2"]))).toBe(true);
    expect(insideAny(index, room, new Set(["s1"]))).toBe(false);
    expect(insideAny(index, index.blocks.get("s2")!, new Set(["s2"]))).toBe(false);
  });

  it("before scripts run, keeps its fields from being natively required (the server does not require them)", () => {
    const sectioned = SAMPLE_BLOCKS.map((b) => (b.id === "s2" ? { ...b, v_hidden: '#/full_name == "skip"' } : b));
    const html = renderToString(createElement(FormApp, {
      preload: samplePreload({ blocks: sectioned, tree: buildTree(sectioned), default_values: { full_name: "skip" } }),
      submit_action: "/submit/f_sample", query: {},
    }));
    expect(/<select[^>]*id="fw-room"[^>]*>/.exec(html)?.[0]).not.toMatch(/required/);
    expect(/<input[^>]*id="fw-full_name"[^>]*>/.exec(html)?.[0]).toMatch(/required/);
  });
  it("is skipped by navigation: hidden by its expression for the answers, or by literal true", () => {
    const sectioned = SAMPLE_BLOCKS.map((b) => (b.id === "s2" ? { ...b, v_hidden: '#/full_name == "skip"' } : b));
    const index = indexForm({ blocks: sectioned, fields: SAMPLE_FIELDS, tree: [] });
    const logicFor = (full_name: string) => prefilledLogic(SAMPLE_FIELDS, sectioned, prefillFrom({ full_name }, {}));
    expect(hiddenSectionIds(index.section_ids, index.blocks, logicFor("skip"))).toEqual(["s2"]);
    expect(hiddenSectionIds(index.section_ids, index.blocks, logicFor("Ada"))).toEqual([]);
    const always = indexForm({ blocks: SAMPLE_BLOCKS.map((b) => (b.id === "s1" ? { ...b, v_hidden: true } : b)), fields: SAMPLE_FIELDS, tree: [] });
    expect(hiddenSectionIds(always.section_ids, always.blocks, { hidden_block_ids: new Set(), computed: new Map() })).toEqual(["s1"]);
  });

  it("before scripts run, still shows, and the first render starts on the first shown section", () => {
    const sectioned = SAMPLE_BLOCKS.map((b) => (b.id === "s1" ? { ...b, v_hidden: '#/room == "double"' } : b));
    const renderWith = (room: string) => renderToString(createElement(FormApp, {
      preload: samplePreload({ blocks: sectioned, tree: buildTree(sectioned), default_values: { room } }),
      submit_action: "/submit/f_sample", query: {},
    }));
    const html = renderWith("double");
    expect(/<section[^>]*data-section-id="s1"[^>]*>/.exec(html)?.[0]).not.toMatch(/\shidden/);
    expect(html).toMatch(/name="full_name"/);
    // The JS-only counter counts shown sections: none for one, "1 / 2" for two.
    const counter = /<\/span>1<!-- --> \/ <!-- -->2/;
    expect(html).not.toMatch(counter);
    expect(renderWith("single")).toMatch(counter);
  });
});
