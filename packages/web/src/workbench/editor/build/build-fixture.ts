/** A small form for the Build editor's tests: two sections, a header, a group, two fields. */
import { FieldDefinition, type EditorDocument, type FormBlock } from "@fieldwork/core";
import { fieldFrom } from "./editor-request";

const block = (id: string, type: FormBlock["type"], parent_id: string | null, local_index: number, extra: Partial<FormBlock> = {}): FormBlock => ({
  id, form_id: "form", form_page_id: "page", parent_id, type, local_index, form_field_id: null, v_hidden: null, attributes: null,
  body_html: null, title_html: null, description_html: null, src: null, data: null, ...extra,
});

export function fixtureDocument(): EditorDocument {
  return {
    form_id: "form", document_id: "doc", title: "Signup", revision: 1, published: false, response_count: 0, table_name: "signup_00000000",
    settings: {
      method: "post", unknown_field_handling_strategy: "ignore", is_force_closed: false, max_form_responses_in_total: null,
      max_form_responses_by_customer: null, scheduling: { enabled: false, open_at: null, close_at: null, tz: null },
    },
    theme: {
      lang: "en", appearance: "system", palette: null, font_family: "inter", section: null, custom_css: null, background: null,
      is_powered_by_branding_enabled: true, optimize_for_cjk: false, button_labels: { back: null, next: null, submit: null, pay: null },
    },
    ending: { enabled: false, title: null, body_html: null, redirect_uri: null },
    start_page: null,
    fields: [
      fieldFrom("f-name", FieldDefinition.parse({ name: "name", type: "text", label: "Name", required: true })),
      fieldFrom("f-color", FieldDefinition.parse({ name: "color", type: "radio", label: "Colour", options: [{ value: "red" }, { value: "blue" }] })),
    ],
    blocks: [
      block("s1", "section", null, 0, { title_html: "About you" }),
      block("b-name", "field", "s1", 0, { form_field_id: "f-name" }),
      block("h1", "header", "s1", 1, { title_html: "More" }),
      block("s2", "section", null, 1),
      block("g1", "group", "s2", 0, { title_html: "Taste" }),
      block("b-color", "field", "g1", 0, { form_field_id: "f-color" }),
    ],
  };
}
