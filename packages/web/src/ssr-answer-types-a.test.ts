/**
 * The server render of country, toggle-group, json and latlng fields: the native controls a
 * page without JavaScript posts (the widgets' own code, registered by ssr.tsx, never a
 * suspended lazy chunk), in the form's language, with prefilled values.
 */
import { describe, expect, it } from "vitest";
import { browserMessages, buildTree, type FormBlock, type FormField } from "@fieldwork/core";
import { renderFormPage } from "./ssr";
import { samplePreload } from "./fixtures/sample-preload";

const field = (id: string, type: FormField["type"], extra: Partial<FormField> = {}): FormField => ({
  id, name: id, type, label: id, placeholder: null, help_text: null, required: false, readonly: false, pattern: null, step: null,
  min: null, max: null, autocomplete: null, accept: null, multiple: false, is_array: false, data: null, v_value: null,
  upload: null, resolve: null, storage: null, reference: null, options_inventory: null, options: [], optgroups: [], ...extra,
});
const option = (value: string, index: number) => ({ id: `o${index}`, value, label: value, src: null, disabled: false, index, optgroup_id: null });
const fields = [
  field("home", "country", { required: true }),
  field("size", "toggle-group", { options: [option("S", 0), option("M", 1)] }),
  field("tops", "toggle-group", { multiple: true, options: [option("cheese", 0), option("olives", 1)] }),
  field("data", "json"),
  field("spot", "latlng"),
];
const blocks: FormBlock[] = fields.map((f, i) => ({
  id: `b${i}`, form_id: "f_sample", form_page_id: "p1", parent_id: null, type: "field", local_index: i, form_field_id: f.id,
  v_hidden: null, attributes: null, body_html: null, title_html: null, description_html: null, src: null, data: null,
}));

describe("the server render of the answer types of issue 22 (part A)", () => {
  const page = renderFormPage({
    preload: samplePreload({
      lang: "ko", messages: browserMessages("ko"), fields, blocks, tree: buildTree(blocks),
      default_values: { home: "KR", size: "M", tops: ["olives"], data: { a: 1 }, spot: { lat: 37.5, lng: 127 } },
    }),
    assets: { scripts: ["/assets/entry.js"], styles: [] }, submit_action: "/submit/f_sample", query: {},
  });

  it("draws a select of every country in the form's language, the prefilled one selected", () => {
    const select = /<select id="fw-home" name="home" required=""[^>]*>([\s\S]*?)<\/select>/.exec(page);
    expect(select).not.toBeNull();
    expect(select![1]!.match(/<option /g)!.length).toBeGreaterThan(240);
    expect(select![1]).toContain('<option value="KR" selected>대한민국</option>');
    expect(select![1]).toContain(">국가 선택</option>");
  });

  it("draws toggles as radios or checkboxes, JSON as a textarea, a location as two number inputs", () => {
    const inputs = (attrs: string) => page.match(new RegExp(`<input[^>]*${attrs}[^>]*>`, "g")) ?? [];
    expect(inputs('type="radio"[^>]*name="size"')).toHaveLength(2);
    expect(inputs('name="size"[^>]*checked=""[^>]*value="M"')).toHaveLength(1);
    expect(inputs('name="size" value="S"')).toHaveLength(1);
    expect(inputs('type="checkbox"[^>]*name="tops"')).toHaveLength(2);
    expect(page).toMatch(/<textarea id="fw-data" name="data"[^>]*>\{\n {2}&quot;a&quot;: 1\n\}<\/textarea>/);
    expect(inputs('type="number"[^>]*name="spot"')).toHaveLength(2);
    expect(page).toContain('value="37.5"');
    expect(page).toContain("위도");
    // Nothing waited for a lazy chunk: no Suspense fallback was sent.
    expect(page).not.toContain("<!--$!-->");
  });
});
