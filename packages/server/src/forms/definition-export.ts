/**
 * Exporting a form as a definition file: the inverse of definition-import.ts. The file also
 * names the form's table (`table_name`), where its rows are in the Data API and for
 * `responses list`; an import ignores it.
 */
import {
  FORM_DEFINITION_FORMAT, FORM_DEFINITION_VERSION, FieldworkError, buildTree,
  type BlockDefinition, type FormBlock, type FormDefinition, type TreeNode,
} from "@fieldwork/core";
import type { Kysely, Selectable } from "kysely";
import type { DB, FormDocumentTable, FormTable } from "../db/schema";
import { buttonLabelsOf, stylesheetOf } from "./form-document";
import { inventoryDefinitionOf } from "../inventory/definition-inventory";
import { loadFormRecord } from "./form-record";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Settings = FormDefinition["settings"];

/** A form row's settings as the definition file (and the editor) name them. */
export function settingsDefinitionOf(form: Selectable<FormTable>): Settings {
  return {
    published: form.is_published,
    method: form.method,
    unknown_field_handling_strategy: form.unknown_field_handling_strategy,
    is_force_closed: form.is_force_closed,
    max_form_responses_in_total: form.max_form_responses_in_total,
    max_form_responses_by_customer: form.max_form_responses_by_customer,
    scheduling: {
      enabled: form.is_scheduling_enabled, open_at: iso(form.scheduling_open_at),
      close_at: iso(form.scheduling_close_at), tz: form.scheduling_tz,
    },
  };
}

export function themeDefinitionOf(document: Selectable<FormDocumentTable>): FormDefinition["theme"] {
  const style = stylesheetOf(document);
  return {
    lang: document.lang,
    appearance: style.appearance, palette: style.palette, font_family: style.font_family,
    section: style.section, custom_css: style.custom_css, background: document.background,
    is_powered_by_branding_enabled: document.is_powered_by_branding_enabled,
    optimize_for_cjk: document.optimize_for_cjk,
    button_labels: buttonLabelsOf(document),
  };
}

export function endingDefinitionOf(document: Selectable<FormDocumentTable>): FormDefinition["ending"] {
  return {
    enabled: document.is_ending_page_enabled, title: document.ending_title,
    body_html: document.ending_body_html, redirect_uri: document.redirect_after_response_uri,
  };
}

export async function exportForm(db: Kysely<DB>, formId: string): Promise<FormDefinition> {
  const record = await loadFormRecord(db, formId);
  if (!record) throw new FieldworkError("FORM_NOT_FOUND");
  const { form, document, fields, blocks } = record;

  const byId = new Map(blocks.map((b) => [b.id, b]));
  const fieldName = new Map(fields.map((f) => [f.id, f.name]));
  const toDefinition = (node: TreeNode): BlockDefinition[] => {
    const b = byId.get(node.id) as FormBlock;
    const v_hidden = b.v_hidden;
    switch (b.type) {
      case "section":
        return [{
          type: "section", title_html: b.title_html, description_html: b.description_html,
          contains_payment: b.attributes?.contains_payment === true, v_hidden,
          children: node.children.flatMap(toDefinition),
        }];
      case "group": return [{ type: "group", title_html: b.title_html, v_hidden, children: node.children.flatMap(toDefinition) }];
      case "field": {
        const name = b.form_field_id ? fieldName.get(b.form_field_id) : undefined;
        return name ? [{ type: "field", field: name, v_hidden }] : [];
      }
      case "header": return [{ type: "header", title_html: b.title_html, description_html: b.description_html, v_hidden }];
      case "html": return [{ type: "html", body_html: b.body_html ?? "", v_hidden }];
      case "image": case "video": case "pdf": return [{ type: b.type, src: b.src, title_html: b.title_html, v_hidden }];
      case "divider": return [{ type: "divider", v_hidden }];
    }
  };

  return {
    format: FORM_DEFINITION_FORMAT,
    version: FORM_DEFINITION_VERSION,
    title: form.title,
    table_name: form.table_name,
    settings: settingsDefinitionOf(form),
    start_page: document.start_page,
    theme: themeDefinitionOf(document),
    ending: endingDefinitionOf(document),
    inventory: await inventoryDefinitionOf(db, form.id),
    fields: fields.map((f) => {
      const groupLabel = new Map(f.optgroups.map((g) => [g.id, g.label]));
      return {
        name: f.name, type: f.type, label: f.label, placeholder: f.placeholder, help_text: f.help_text,
        required: f.required, readonly: f.readonly, pattern: f.pattern, step: f.step, min: f.min, max: f.max,
        autocomplete: f.autocomplete, accept: f.accept, multiple: f.multiple, is_array: f.is_array,
        data: f.data, v_value: f.v_value, upload: f.upload, resolve: f.resolve, storage: f.storage,
        reference: f.reference, options_inventory: f.options_inventory,
        options: f.options.map((o) => ({
          value: o.value, label: o.label, src: o.src, disabled: o.disabled,
          group: o.optgroup_id ? groupLabel.get(o.optgroup_id) ?? null : null,
          // A store's price is exported with the store (inventory), not as the option's own.
          ...(o.price && !o.price_currency ? { price: o.price } : {}),
        })),
        optgroups: f.optgroups.map((g) => ({ label: g.label, disabled: g.disabled })),
      };
    }),
    blocks: buildTree(blocks).flatMap(toDefinition),
  };
}
