/**
 * The form definition file: a whole form as JSON (docs/form-format.md). Fields and blocks
 * refer to each other by field name, so a file is readable and round-trips without ids:
 * `export(import(file))` equals `FormDefinition.parse(file)`.
 */
import { z } from "zod";
import { FIELD_TYPES } from "./field-types";

export const FORM_DEFINITION_FORMAT = "fieldwork.form";
export const FORM_DEFINITION_VERSION = 1;

const json: z.ZodType<unknown> = z.unknown();
const bound = z.union([z.number(), z.string()]).nullable().default(null);

export const OptionDefinition = z.strictObject({
  value: z.string().min(1, "Option value is required."),
  label: z.string().nullable().default(null),
  src: z.string().nullable().default(null),
  disabled: z.boolean().default(false),
  /** Label of the optgroup this option belongs to. */
  group: z.string().nullable().default(null),
});

export const OptgroupDefinition = z.strictObject({
  label: z.string().min(1, "Group label is required."),
  disabled: z.boolean().default(false),
});

export const FieldDefinition = z.strictObject({
  name: z.string(),
  type: z.enum(FIELD_TYPES),
  label: z.string().nullable().default(null),
  placeholder: z.string().nullable().default(null),
  help_text: z.string().nullable().default(null),
  required: z.boolean().default(false),
  readonly: z.boolean().default(false),
  pattern: z.string().nullable().default(null),
  step: z.number().positive().nullable().default(null),
  min: bound,
  max: bound,
  autocomplete: z.string().nullable().default(null),
  accept: z.string().nullable().default(null),
  multiple: z.boolean().default(false),
  is_array: z.boolean().default(false),
  data: json.default(null),
  v_value: json.default(null),
  upload: json.default(null),
  resolve: json.default(null),
  storage: json.default(null),
  reference: json.default(null),
  options_inventory: json.default(null),
  options: z.array(OptionDefinition).default([]),
  optgroups: z.array(OptgroupDefinition).default([]),
});

const blockCommon = {
  v_hidden: json.default(null),
};

export interface BlockDefinitionInput {
  type: string;
  [key: string]: unknown;
}

export type BlockDefinition =
  | { type: "section"; title_html: string | null; description_html: string | null; contains_payment: boolean; v_hidden: unknown; children: BlockDefinition[] }
  | { type: "group"; title_html: string | null; v_hidden: unknown; children: BlockDefinition[] }
  | { type: "field"; field: string; v_hidden: unknown }
  | { type: "header"; title_html: string | null; description_html: string | null; v_hidden: unknown }
  | { type: "html"; body_html: string; v_hidden: unknown }
  | { type: "image" | "video" | "pdf"; src: string | null; title_html: string | null; v_hidden: unknown }
  | { type: "divider"; v_hidden: unknown };

export const BlockDefinition: z.ZodType<BlockDefinition, BlockDefinitionInput> = z.lazy(() =>
  z.discriminatedUnion("type", [
    z.strictObject({
      type: z.literal("section"), ...blockCommon,
      title_html: z.string().nullable().default(null),
      description_html: z.string().nullable().default(null),
      contains_payment: z.boolean().default(false),
      children: z.array(BlockDefinition).default([]),
    }),
    z.strictObject({
      type: z.literal("group"), ...blockCommon,
      title_html: z.string().nullable().default(null),
      children: z.array(BlockDefinition).default([]),
    }),
    z.strictObject({ type: z.literal("field"), ...blockCommon, field: z.string() }),
    z.strictObject({
      type: z.literal("header"), ...blockCommon,
      title_html: z.string().nullable().default(null),
      description_html: z.string().nullable().default(null),
    }),
    z.strictObject({ type: z.literal("html"), ...blockCommon, body_html: z.string() }),
    z.strictObject({
      type: z.enum(["image", "video", "pdf"]), ...blockCommon,
      src: z.string().nullable().default(null),
      title_html: z.string().nullable().default(null),
    }),
    z.strictObject({ type: z.literal("divider"), ...blockCommon }),
  ]),
) as unknown as z.ZodType<BlockDefinition, BlockDefinitionInput>;

export const FormSettingsDefinition = z.strictObject({
  published: z.boolean().default(true),
  method: z.enum(["post", "get"]).default("post"),
  unknown_field_handling_strategy: z.enum(["ignore", "accept", "reject"]).default("ignore"),
  is_force_closed: z.boolean().default(false),
  max_form_responses_in_total: z.number().int().positive().nullable().default(null),
  max_form_responses_by_customer: z.number().int().positive().nullable().default(null),
  scheduling: z.strictObject({
    enabled: z.boolean().default(false),
    open_at: z.iso.datetime({ offset: true }).nullable().default(null),
    close_at: z.iso.datetime({ offset: true }).nullable().default(null),
    tz: z.string().nullable().default(null),
  }).prefault({}),
});

export const ThemeDefinition = z.strictObject({
  lang: z.string().default("en"),
  appearance: z.enum(["light", "dark", "system"]).default("system"),
  palette: z.string().nullable().default(null),
  font_family: z.string().default("inter"),
  section: z.string().nullable().default(null),
  custom_css: z.string().nullable().default(null),
  background: json.default(null),
  is_powered_by_branding_enabled: z.boolean().default(true),
  optimize_for_cjk: z.boolean().default(false),
});

export const EndingDefinition = z.strictObject({
  enabled: z.boolean().default(false),
  title: z.string().nullable().default(null),
  body_html: z.string().nullable().default(null),
  redirect_uri: z.string().nullable().default(null),
});

export const FormDefinition = z.strictObject({
  format: z.literal(FORM_DEFINITION_FORMAT).default(FORM_DEFINITION_FORMAT),
  version: z.literal(FORM_DEFINITION_VERSION).default(FORM_DEFINITION_VERSION),
  title: z.string().min(1),
  settings: FormSettingsDefinition.prefault({}),
  start_page: json.default(null),
  theme: ThemeDefinition.prefault({}),
  ending: EndingDefinition.prefault({}),
  fields: z.array(FieldDefinition).default([]),
  blocks: z.array(BlockDefinition).default([]),
});

export type FormDefinition = z.output<typeof FormDefinition>;
export type FieldDefinition = z.output<typeof FieldDefinition>;
export type OptionDefinition = z.output<typeof OptionDefinition>;

/** Problems zod cannot see: names, references between blocks, fields and optgroups. */
export function definitionProblems(def: FormDefinition): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  for (const field of def.fields) {
    if (names.has(field.name)) problems.push(`fields: duplicate field name ${JSON.stringify(field.name)}`);
    names.add(field.name);
    const groups = new Set(field.optgroups.map((g) => g.label));
    if (groups.size !== field.optgroups.length) problems.push(`fields.${field.name}: duplicate optgroup label`);
    const values = new Set<string>();
    for (const option of field.options) {
      if (values.has(option.value)) problems.push(`fields.${field.name}: duplicate option value ${JSON.stringify(option.value)}`);
      values.add(option.value);
      if (option.group !== null && !groups.has(option.group)) {
        problems.push(`fields.${field.name}: option ${JSON.stringify(option.value)} names unknown group ${JSON.stringify(option.group)}`);
      }
    }
  }
  const used = new Set<string>();
  const walk = (blocks: BlockDefinition[], path: string, depth: number) =>
    blocks.forEach((block, i) => {
      const here = `${path}[${i}]`;
      if (block.type === "section" && depth > 0) problems.push(`${here}: sections belong at the top level`);
      if (block.type === "field") {
        if (!names.has(block.field)) problems.push(`${here}: unknown field ${JSON.stringify(block.field)}`);
        if (used.has(block.field)) problems.push(`${here}: field ${JSON.stringify(block.field)} is placed twice`);
        used.add(block.field);
      }
      if (block.type === "section" || block.type === "group") walk(block.children, `${here}.children`, depth + 1);
    });
  walk(def.blocks, "blocks", 0);
  const top = def.blocks.map((b) => b.type);
  if (top.includes("section") && top.some((t) => t !== "section")) {
    problems.push("blocks: when a form has sections, every top-level block is a section");
  }
  return problems;
}
