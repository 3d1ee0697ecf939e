/**
 * The form definition file: a whole form as JSON (docs/form-format.md). Fields and blocks
 * refer to each other by field name, so a file is readable and round-trips without ids:
 * `export(import(file))` equals `FormDefinition.parse(file)`.
 */
import { PAYMENT_MAX_AMOUNT } from "./payment";
import { z } from "zod";
import { FieldworkError, type ErrorCode } from "./error-catalogue";
import { FIELD_TYPES } from "./field-types";
import { fieldStorageProblem } from "./file-answer";
import { FieldUploadConfig } from "./file-answer-schema";
import { BUTTON_LABEL_LENGTH } from "./i18n/button-labels";
import { LIMITS } from "./limits";
import { hiddenFlagProblem, valueExpressionProblem } from "./logic/expression-rules";
import { patternProblem } from "./pattern";
import { isSafeUrl } from "./safe-url";
import { UNSAFE_URL_MESSAGE } from "./safe-url-message";
import { jsonProblem, UNSTORABLE_TEXT } from "./stored-text";
import { INVENTORY_MAX } from "./inventory";
import { duplicateSkus, isCurrencyCode, isSku, PRICE_MAX } from "./store";
import { referenceProblem } from "./reference/reference-config";

export const FORM_DEFINITION_FORMAT = "fieldwork.form";
export const FORM_DEFINITION_VERSION = 1;

const json: z.ZodType<unknown> = z.unknown();
/** A string of at most `max` characters. NUL bytes, lone surrogates and nesting are checked
 * on the whole input first (`jsonProblem`), wherever a definition is read. */
const text = (max: number) => z.string().max(max);
const optional = (max: number) => text(max).nullable().default(null);
const bound = z.union([z.number(), text(LIMITS.short_text_length)]).nullable().default(null);

/** Issues that carry their own catalogue code in `params.code` (else INVALID_FORM_DEFINITION). */
const coded = (code: ErrorCode) => ({ params: { code } });

/** A URL an owner saves: http(s) or a path on this site (no `javascript:`). */
const safeUrl = z.string().refine(isSafeUrl, { message: UNSAFE_URL_MESSAGE, ...coded("URL_NOT_ALLOWED") }).nullable().default(null);

/** A validation pattern both browsers and RE2 compile (the server matches in linear time). */
const pattern = z.string().superRefine((value, ctx) => {
  const problem = patternProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem, ...coded("PATTERN_NOT_SUPPORTED") });
}).nullable().default(null);

export const OptionDefinition = z.strictObject({
  value: text(LIMITS.label_length).min(1, "Option value is required."),
  label: optional(LIMITS.label_length),
  src: safeUrl,
  disabled: z.boolean().default(false),
  /** Label of the optgroup this option belongs to. */
  group: optional(LIMITS.label_length),
  /** Price in minor units on a payment form (payment.ts). */
  // Absent keeps an edited option's price; null clears it (forms/editor/options-sync.ts).
  price: z.number().int().positive().max(PAYMENT_MAX_AMOUNT).nullable().optional(),
});

const level = z.number().int().min(0).max(INVENTORY_MAX);

/**
 * One option's stock (docs/form-format.md "Inventory"): the option by field name and value,
 * its SKU and level, and the product option value it sells, if any (`unit_price` in minor
 * units of the store's currency). `committed` and the history are not carried.
 */
export const InventoryItemDefinition = z.strictObject({
  field: text(LIMITS.short_text_length),
  option: text(LIMITS.label_length),
  sku: z.string().refine(isSku, { message: "a SKU is 1 to 64 letters, digits, '.', '_' or '-'", ...coded("INVALID_SKU") }),
  available: level,
  on_hand: level,
  product: z.strictObject({
    name: text(LIMITS.title_length).min(1),
    option: text(LIMITS.title_length).min(1),
    value: text(LIMITS.title_length).min(1),
    unit_price: z.number().int().min(0).max(PRICE_MAX),
  }).nullable().default(null),
});

/** The store the form sells from and its options' stock: an import makes a new store of this name and currency. */
export const InventoryDefinition = z.strictObject({
  store: z.strictObject({
    name: text(LIMITS.title_length).min(1),
    currency: z.string().refine(isCurrencyCode, { message: "a currency is a 3-letter ISO 4217 code", ...coded("INVALID_CURRENCY") }),
  }),
  items: z.array(InventoryItemDefinition).max(LIMITS.options_per_field * 10).default([]),
});

export const OptgroupDefinition = z.strictObject({
  label: text(LIMITS.label_length).min(1, "Group label is required."),
  disabled: z.boolean().default(false),
});

export const FieldDefinition = z.strictObject({
  name: text(LIMITS.short_text_length),
  type: z.enum(FIELD_TYPES),
  label: optional(LIMITS.label_length),
  placeholder: optional(LIMITS.label_length),
  help_text: optional(LIMITS.label_length),
  required: z.boolean().default(false),
  readonly: z.boolean().default(false),
  pattern,
  step: z.number().positive().nullable().default(null),
  min: bound,
  max: bound,
  autocomplete: optional(LIMITS.short_text_length),
  accept: optional(LIMITS.short_text_length),
  multiple: z.boolean().default(false),
  is_array: z.boolean().default(false),
  data: json.default(null),
  v_value: json.default(null),
  upload: json.default(null).refine((v) => v === null || FieldUploadConfig.safeParse(v).success, {
    message: "upload is {\"type\": \"multipart\"} or {\"type\": \"requesturl\"}",
  }),
  resolve: json.default(null),
  // Spec 2 §5: the path is required and must not start with a slash (file-answer.ts).
  storage: json.default(null).superRefine((v, ctx) => {
    const problem = fieldStorageProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  reference: json.default(null),
  options_inventory: json.default(null),
  options: z.array(OptionDefinition).max(LIMITS.options_per_field).default([]),
  optgroups: z.array(OptgroupDefinition).max(LIMITS.optgroups_per_field).default([]),
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
      title_html: optional(LIMITS.html_length),
      description_html: optional(LIMITS.html_length),
      contains_payment: z.boolean().default(false),
      children: z.array(BlockDefinition).default([]),
    }),
    z.strictObject({
      type: z.literal("group"), ...blockCommon,
      title_html: optional(LIMITS.html_length),
      children: z.array(BlockDefinition).default([]),
    }),
    z.strictObject({ type: z.literal("field"), ...blockCommon, field: text(LIMITS.short_text_length) }),
    z.strictObject({
      type: z.literal("header"), ...blockCommon,
      title_html: optional(LIMITS.html_length),
      description_html: optional(LIMITS.html_length),
    }),
    z.strictObject({ type: z.literal("html"), ...blockCommon, body_html: text(LIMITS.html_length) }),
    z.strictObject({
      type: z.enum(["image", "video", "pdf"]), ...blockCommon,
      src: safeUrl,
      title_html: optional(LIMITS.html_length),
    }),
    z.strictObject({ type: z.literal("divider"), ...blockCommon }),
  ]),
) as unknown as z.ZodType<BlockDefinition, BlockDefinitionInput>;

export const FormSettingsDefinition = z.strictObject({
  published: z.boolean().default(true),
  // Always "post"; a file that says "get" (made before GET was withdrawn) imports as "post".
  method: z.enum(["post", "get"]).default("post").transform((): "post" => "post"),
  unknown_field_handling_strategy: z.enum(["ignore", "accept", "reject"]).default("ignore"),
  is_force_closed: z.boolean().default(false),
  max_form_responses_in_total: z.number().int().positive().nullable().default(null),
  max_form_responses_by_customer: z.number().int().positive().nullable().default(null),
  scheduling: z.strictObject({
    enabled: z.boolean().default(false),
    open_at: z.iso.datetime({ offset: true }).nullable().default(null),
    close_at: z.iso.datetime({ offset: true }).nullable().default(null),
    tz: optional(LIMITS.short_text_length),
  }).prefault({}),
});

export const ThemeDefinition = z.strictObject({
  lang: text(LIMITS.short_text_length).default("en"),
  appearance: z.enum(["light", "dark", "system"]).default("system"),
  palette: optional(LIMITS.short_text_length),
  font_family: text(LIMITS.short_text_length).default("inter"),
  section: optional(LIMITS.short_text_length),
  custom_css: optional(LIMITS.html_length),
  background: json.default(null),
  is_powered_by_branding_enabled: z.boolean().default(true),
  optimize_for_cjk: z.boolean().default(false),
  /** The footer buttons' wording on this form (i18n/button-labels.ts): `null` is the language's default. */
  button_labels: z.strictObject({
    back: optional(BUTTON_LABEL_LENGTH), next: optional(BUTTON_LABEL_LENGTH),
    submit: optional(BUTTON_LABEL_LENGTH), pay: optional(BUTTON_LABEL_LENGTH),
  }).default({ back: null, next: null, submit: null, pay: null }),
});

export const EndingDefinition = z.strictObject({
  enabled: z.boolean().default(false),
  title: optional(LIMITS.title_length),
  body_html: optional(LIMITS.html_length),
  /** Where a visitor goes after submitting: checked when saved, and again before the redirect. */
  redirect_uri: safeUrl,
});

export const FormDefinition = z.strictObject({
  format: z.literal(FORM_DEFINITION_FORMAT).default(FORM_DEFINITION_FORMAT),
  version: z.literal(FORM_DEFINITION_VERSION).default(FORM_DEFINITION_VERSION),
  title: text(LIMITS.title_length).min(1),
  /** The form's table (`form.table_name`, its name in the Data API): an export names it; an
   * import ignores it, as a new form always gets a new table. */
  table_name: text(LIMITS.short_text_length).optional(),
  settings: FormSettingsDefinition.prefault({}),
  start_page: json.default(null),
  theme: ThemeDefinition.prefault({}),
  ending: EndingDefinition.prefault({}),
  inventory: InventoryDefinition.nullable().default(null),
  fields: z.array(FieldDefinition).superRefine((fields, ctx) => {
    if (fields.length > LIMITS.fields_per_form) {
      ctx.addIssue({ code: "custom", message: `A form has at most ${LIMITS.fields_per_form} fields.`, ...coded("TOO_MANY_FIELDS") });
    }
  }).default([]),
  blocks: z.array(BlockDefinition).default([]),
});

export type FormDefinition = z.output<typeof FormDefinition>;
export type FieldDefinition = z.output<typeof FieldDefinition>;
export type OptionDefinition = z.output<typeof OptionDefinition>;
export type InventoryDefinition = z.output<typeof InventoryDefinition>;

/** Inventory names options the file has; SKUs are unique; an option has one item; a product value is sold by one option. */
function inventoryProblems(def: FormDefinition): string[] {
  if (!def.inventory) return [];
  const problems: string[] = [];
  const { items } = def.inventory;
  for (const sku of duplicateSkus(items.map((i) => i.sku))) problems.push(`inventory: the SKU ${JSON.stringify(sku)} is used twice`);
  const options = new Set<string>();
  const sold = new Set<string>();
  for (const [n, item] of items.entries()) {
    const field = def.fields.find((f) => f.name === item.field);
    if (!field?.options.some((o) => o.value === item.option)) {
      problems.push(`inventory.items[${n}]: field ${JSON.stringify(item.field)} has no option ${JSON.stringify(item.option)}`);
    }
    const option = JSON.stringify([item.field, item.option]);
    if (options.has(option)) problems.push(`inventory.items[${n}]: option ${JSON.stringify(item.option)} of ${JSON.stringify(item.field)} has two items`);
    options.add(option);
    if (!item.product) continue;
    const value = JSON.stringify([item.product.name, item.product.option, item.product.value]);
    if (sold.has(value)) problems.push(`inventory.items[${n}]: the product value is sold by another option`);
    sold.add(value);
  }
  return problems;
}

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
  problems.push(...inventoryProblems(def));
  for (const field of def.fields) {
    const referenceIssue = referenceProblem(field.reference);
    if (referenceIssue) problems.push(`fields.${field.name}.reference: ${referenceIssue}`);
    const valueProblem = valueExpressionProblem(field.v_value, names);
    if (valueProblem) problems.push(`fields.${field.name}.v_value: ${valueProblem}`);
  }
  const used = new Set<string>();
  let count = 0;
  const walk = (blocks: BlockDefinition[], path: string, depth: number) =>
    blocks.forEach((block, i) => {
      const here = `${path}[${i}]`;
      count++;
      if (depth >= LIMITS.block_depth) problems.push(`${here}: blocks nest at most ${LIMITS.block_depth} levels deep`);
      if (block.type === "section" && depth > 0) problems.push(`${here}: sections belong at the top level`);
      if (block.type === "field") {
        if (!names.has(block.field)) problems.push(`${here}: unknown field ${JSON.stringify(block.field)}`);
        if (used.has(block.field)) problems.push(`${here}: field ${JSON.stringify(block.field)} is placed twice`);
        used.add(block.field);
      }
      const hiddenProblem = hiddenFlagProblem(block.v_hidden, names);
      if (hiddenProblem) problems.push(`${here}.v_hidden: ${hiddenProblem}`);
      if (block.type === "section" || block.type === "group") walk(block.children, `${here}.children`, depth + 1);
    });
  walk(def.blocks, "blocks", 0);
  if (count > LIMITS.blocks_per_form) problems.push(`blocks: a form has at most ${LIMITS.blocks_per_form} blocks`);
  const top = def.blocks.map((b) => b.type);
  if (top.includes("section") && top.some((t) => t !== "section")) {
    problems.push("blocks: when a form has sections, every top-level block is a section");
  }
  return problems;
}

/** Messages of zod issues, each with its path. */
export function issuesText(issues: z.ZodError["issues"]): string {
  return issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
}

/** The catalogue code an issue carries (patterns, URLs, the field count), if any. */
function issueCode(issues: z.ZodError["issues"]): ErrorCode {
  for (const issue of issues) {
    const code = (issue as { params?: { code?: ErrorCode } }).params?.code;
    if (code) return code;
  }
  return "INVALID_FORM_DEFINITION";
}

/**
 * Checks raw input against a definition schema (the whole file, or one field): first what
 * Postgres cannot store and nesting deeper than LIMITS.json_depth (before zod, whose
 * recursion a hostile file could overflow), then the schema. Throws the catalogue error.
 */
export function parseDefinitionPart<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const problem = jsonProblem(input);
  if (problem?.kind === "depth") {
    throw new FieldworkError("NESTED_TOO_DEEP", `The form definition nests deeper than ${LIMITS.json_depth} levels at ${problem.path || "(root)"}.`);
  }
  if (problem) throw new FieldworkError("INVALID_TEXT", `The form definition's ${problem.path || "value"} ${UNSTORABLE_TEXT}.`);
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new FieldworkError(issueCode(parsed.error.issues), `The form definition is not valid: ${issuesText(parsed.error.issues)}`);
  }
  return parsed.data;
}

/** A whole definition file, checked as the server saves it (docs/form-format.md). */
export function parseFormDefinition(input: unknown): FormDefinition {
  const def = parseDefinitionPart(FormDefinition, input);
  const problems = definitionProblems(def);
  if (problems.length) throw new FieldworkError("INVALID_FORM_DEFINITION", `The form definition is not valid: ${problems.join("; ")}`);
  return def;
}
