/**
 * Importing a form definition file (docs/form-format.md): one transaction creates the
 * document, the form, its fields, options, optgroups, blocks and its managed table.
 */
import { assertFieldReferences } from "../references/reference-target";
import {
  assertFieldName, capabilityOf, FieldworkError, parseFormDefinition, type BlockDefinition, type FieldDefinition,
  type FormDefinition,
  type JsonValue,
} from "@fieldwork/core";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/schema";
import { createManagedTable, tableNameFor } from "../tables/managed-table";
import { sanitizeOwnerHtml as clean } from "./owner-html";
import { assertFieldBuckets } from "../buckets/field-bucket";
import { cleanStartPage } from "./cover";
import { importInventory } from "../inventory/definition-inventory";

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** A field the server can save: a valid column name and a type with a renderer. */
export function assertSavableField(field: FieldDefinition): void {
  assertFieldName(field.name);
  if (!capabilityOf(field.type).renderable) {
    throw new FieldworkError("FIELD_TYPE_NOT_SUPPORTED", `Field ${JSON.stringify(field.name)}: the type ${JSON.stringify(field.type)} is not supported yet.`);
  }
  if (field.is_array && !capabilityOf(field.type).array) {
    throw new FieldworkError("FIELD_TYPE_NOT_SUPPORTED", `Field ${JSON.stringify(field.name)}: a ${field.type} field cannot be an array field (is_array).`);
  }
}

/** A definition file checked by the rules of core (limits, URLs, patterns, references) and the server's. */
export function parseDefinition(input: unknown): FormDefinition {
  const def = parseFormDefinition(input);
  def.fields.forEach(assertSavableField);
  return def;
}

export interface ImportedForm { id: string; document_id: string }

export async function importForm(db: Kysely<DB>, projectId: string, input: unknown): Promise<ImportedForm> {
  const def = parseDefinition(input);
  return db.transaction().execute((trx) => createForm(trx, projectId, def));
}

/** Creates a form from a parsed definition inside the caller's transaction. */
export async function createForm(trx: Transaction<DB>, projectId: string, def: FormDefinition): Promise<ImportedForm> {
  const document = await trx.insertInto("document")
    .values({ project_id: projectId, doctype: "v0_form", title: def.title })
    .returning("id").executeTakeFirstOrThrow();
  const formId = crypto.randomUUID();
  // Never def.table_name (an exported file names its form's table): a new form, a new table.
  const tableName = tableNameFor(def.title, formId);
  const { settings } = def;
  await trx.insertInto("form").values({
    id: formId, project_id: projectId, document_id: document.id, title: def.title,
    method: settings.method, unknown_field_handling_strategy: settings.unknown_field_handling_strategy,
    is_published: settings.published, is_force_closed: settings.is_force_closed,
    is_scheduling_enabled: settings.scheduling.enabled, scheduling_open_at: settings.scheduling.open_at,
    scheduling_close_at: settings.scheduling.close_at, scheduling_tz: settings.scheduling.tz,
    max_form_responses_in_total: settings.max_form_responses_in_total,
    max_form_responses_by_customer: settings.max_form_responses_by_customer,
    table_name: tableName,
  }).execute();
  const page = await trx.insertInto("form_document").values({
    form_id: formId, project_id: projectId, start_page: json(cleanStartPage(def.start_page as JsonValue)), lang: def.theme.lang,
    stylesheet: JSON.stringify({
      appearance: def.theme.appearance, palette: def.theme.palette, font_family: def.theme.font_family,
      section: def.theme.section, custom_css: def.theme.custom_css, button_labels: def.theme.button_labels,
    }),
    background: json(def.theme.background),
    is_powered_by_branding_enabled: def.theme.is_powered_by_branding_enabled,
    optimize_for_cjk: def.theme.optimize_for_cjk,
    is_ending_page_enabled: def.ending.enabled, ending_title: def.ending.title,
    ending_body_html: clean(def.ending.body_html), redirect_after_response_uri: def.ending.redirect_uri,
  }).returning("id").executeTakeFirstOrThrow();

  await assertFieldBuckets(trx, projectId, def.fields);
  await assertFieldReferences(trx, projectId, def.fields);
  const fieldIds = new Map<string, string>();
  for (const [index, field] of def.fields.entries()) {
    fieldIds.set(field.name, await insertField(trx, formId, field, index));
  }
  await insertBlocks(trx, { formId, pageId: page.id, fieldIds }, def.blocks, null);
  await createManagedTable(trx, tableName, def.fields);
  await importInventory(trx, projectId, formId, def);
  return { id: formId, document_id: document.id };
}

export async function insertField(trx: Transaction<DB>, formId: string, field: FieldDefinition, localIndex: number): Promise<string> {
  const row = await trx.insertInto("form_field").values({
    form_id: formId, name: field.name, label: field.label, type: field.type, placeholder: field.placeholder,
    help_text: field.help_text, required: field.required, readonly: field.readonly, pattern: field.pattern,
    step: field.step, min: json(field.min), max: json(field.max), autocomplete: field.autocomplete,
    accept: field.accept, multiple: field.multiple, is_array: field.is_array, data: json(field.data),
    v_value: json(field.v_value), upload: json(field.upload), resolve: json(field.resolve),
    storage: json(field.storage), reference: json(field.reference),
    options_inventory: json(field.options_inventory), local_index: localIndex,
  }).returning("id").executeTakeFirstOrThrow();

  const groupIds = new Map<string, string>();
  for (const [i, group] of field.optgroups.entries()) {
    const g = await trx.insertInto("optgroup").values({
      form_id: formId, form_field_id: row.id, label: group.label, disabled: group.disabled,
      index: i === 0 ? -999 : i,
    }).returning("id").executeTakeFirstOrThrow();
    groupIds.set(group.label, g.id);
  }
  if (field.options.length) {
    await trx.insertInto("form_field_option").values(field.options.map((option, index) => ({
      form_id: formId, form_field_id: row.id, value: option.value, label: option.label, src: option.src,
      disabled: option.disabled, index, optgroup_id: option.group === null ? null : groupIds.get(option.group) ?? null,
      price: option.price ?? null,
    }))).execute();
  }
  return row.id;
}

interface BlockContext { formId: string; pageId: string; fieldIds: Map<string, string> }

async function insertBlocks(trx: Transaction<DB>, ctx: BlockContext, blocks: BlockDefinition[], parentId: string | null): Promise<void> {
  for (const [index, block] of blocks.entries()) {
    const base = {
      form_id: ctx.formId, form_page_id: ctx.pageId, parent_id: parentId, type: block.type,
      local_index: index, v_hidden: json(block.v_hidden),
    };
    const specific = (() => {
      switch (block.type) {
        case "section":
          return { title_html: clean(block.title_html), description_html: clean(block.description_html), attributes: json({ contains_payment: block.contains_payment }) };
        case "group": return { title_html: clean(block.title_html) };
        case "field": return { form_field_id: ctx.fieldIds.get(block.field) ?? null };
        case "header": return { title_html: clean(block.title_html), description_html: clean(block.description_html) };
        case "html": return { body_html: clean(block.body_html) };
        case "image": case "video": case "pdf": return { src: block.src, title_html: clean(block.title_html) };
        case "divider": return {};
      }
    })();
    const row = await trx.insertInto("form_block").values({ ...base, ...specific }).returning("id").executeTakeFirstOrThrow();
    if (block.type === "section" || block.type === "group") await insertBlocks(trx, ctx, block.children, row.id);
  }
}
