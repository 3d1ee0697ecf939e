/**
 * The field-type capability table: one row per field type (spec 1 §3.3).
 *
 * It drives the field editor (what a type accepts), the renderer (which input to draw),
 * server validation (how a submitted value is parsed) and the column type of the form's
 * managed table. Adding a field type touches this table, one renderer file and its tests
 * (and field-type-labels.ts: the editor's name for it and whether its menus offer it).
 */
import { LABEL_LENGTH, URL_LENGTH } from "./form-limits";

export const FIELD_TYPES = [
  "number", "text", "textarea", "richtext", "tel", "url", "checkbox", "checkboxes", "switch",
  "toggle", "toggle-group", "radio", "date", "datetime-local", "month", "week", "time", "email",
  "file", "image", "audio", "video", "select", "latlng", "password", "color", "country",
  "payment", "hidden", "signature", "range", "search", "json", "canvas",
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

/** Postgres column types a managed table uses for answers. */
export type ColumnType =
  | "text" | "text[]" | "numeric" | "numeric[]" | "boolean" | "date" | "time" | "timestamptz" | "jsonb"
  /** A reference field's column, typed like the referenced key (reference-config.ts `key_type`). */
  | "bigint" | "uuid";

/** How a type's submitted value is read; one parser per kind lives in `field-value.ts`. */
export type ValueKind =
  | "text" | "number" | "boolean" | "choice" | "date" | "time" | "datetime" | "month" | "week"
  | "color" | "json" | "file" | "country" | "latlng";

export interface FieldTypeCapability {
  type: FieldType;
  /** A renderer exists in this release; other types are refused on import with a clear error. */
  renderable: boolean;
  value: ValueKind;
  /** Column type of a single answer; `multiple` answers use the array form where one exists. */
  column: ColumnType;
  /** Native `<input type>` used by the renderer, when the type is a plain input. */
  html_type?: string;
  options: boolean;
  multiple: "never" | "optional" | "always";
  /** Pattern applies only to text, tel, email, url, password, search (spec 1 §5). */
  pattern: boolean;
  /** Step, min and max apply (spec 2 §5: numeric types; dates also take min/max natively). */
  range: boolean;
  /** Checkboxes and ranges cannot be required (spec 2 §5). */
  requirable: boolean;
  /** Accepts uploaded files. */
  file: boolean;
  /**
   * Most characters one value may have: the renderer's `maxlength`, the server's check on
   * submit and on saved partial answers. Fixed formats (dates, colours) are shorter anyway.
   */
  max_length: number;
  /**
   * An answer is one of a fixed list (the field's options, the country codes): it is matched
   * with eq / in, never by a pattern, so its column gets no trigram index.
   */
  fixed_values: boolean;
  /** May be an array field (`is_array`): one input per instance, a list column (answer-formats.ts). */
  array?: boolean;
}

type Row = Omit<FieldTypeCapability, "type">;

/** One line of text: a name, a code, an answer of a few sentences. */
const LINE = 4_000;
/** Long text and structured values. */
const LONG = 100_000;
/** Fixed formats: numbers, dates, times, colours (the longest, a datetime, is 23). */
const FORMAT = 64;
/** A signature PNG as a data URL: a 600×180 drawing is some 20 kB; room for a large pad. */
const SIGNATURE = 300_000;
/** A canvas sketch's JSON. */
const SKETCH = 200_000;
/** Types an owner may make array fields of (`is_array`): a text[] or numeric[] column. */
const ARRAY_TYPES = new Set<FieldType>(["text", "textarea", "email", "tel", "url", "password", "number", "color", "month", "week"]);

const text = (html_type: string, pattern = true, max_length = LINE): Row => ({
  renderable: true, value: "text", column: "text", html_type, options: false, multiple: "never",
  pattern, range: false, requirable: true, file: false, max_length, fixed_values: false,
});

const later = (value: ValueKind, column: ColumnType, extra: Partial<Row> = {}): Row => ({
  renderable: false, value, column, options: false, multiple: "never", pattern: false, range: false,
  requirable: true, file: false, max_length: LONG, fixed_values: false, ...extra,
});

/** A file, image, audio or video field: files go to storage, the answer stores their metadata. */
const upload = (): Row => ({
  renderable: true, value: "file", column: "jsonb", html_type: "file", options: false, multiple: "optional",
  // A saved partial answer holds references ({path, name, lastModified}: a key is at most 1024 bytes).
  pattern: false, range: false, requirable: true, file: true, max_length: 4096, fixed_values: false,
});

/** A fixed-format input (number, date, colour…): short values, no pattern. */
const format = (html_type: string, extra: Partial<Row>): Row => ({ ...text(html_type, false, FORMAT), ...extra });

const ROWS: Record<FieldType, Row> = {
  text: text("text"),
  textarea: text("textarea", false, LONG),
  // RFC 5321 caps an address at 254 characters; a phone number in any notation fits 64.
  email: text("email", true, 254),
  tel: text("tel", true, 64),
  url: text("url", true, URL_LENGTH),
  password: text("password"),
  // A reference field (reference/reference-config.ts): the chosen row's key, typed text.
  search: text("search"),
  hidden: text("hidden", false),
  color: format("color", { value: "color" }),
  number: format("number", { value: "number", column: "numeric", range: true }),
  range: format("range", { value: "number", column: "numeric", range: true, requirable: false }),
  date: format("date", { value: "date", column: "date", range: true }),
  time: format("time", { value: "time", column: "time", range: true }),
  "datetime-local": format("datetime-local", { value: "datetime", column: "timestamptz", range: true }),
  month: format("month", { value: "month", range: true }),
  week: format("week", { value: "week", range: true }),
  checkbox: format("checkbox", { value: "boolean", column: "boolean" }),
  switch: format("checkbox", { value: "boolean", column: "boolean" }),
  toggle: format("checkbox", { value: "boolean", column: "boolean" }),
  // A choice is one of the field's options, whose values are labels at most.
  select: { ...text("select", false, LABEL_LENGTH), value: "choice", options: true, multiple: "optional", fixed_values: true },
  radio: { ...text("radio", false, LABEL_LENGTH), value: "choice", options: true, fixed_values: true },
  checkboxes: {
    ...text("checkbox", false, LABEL_LENGTH), value: "choice", options: true, multiple: "always", requirable: false, fixed_values: true,
  },
  // Radio or checkboxes drawn as toggle buttons (answer-types-a): the choice rules of radio / checkboxes.
  "toggle-group": { ...text("radio", false, LABEL_LENGTH), value: "choice", options: true, multiple: "optional", fixed_values: true },
  // HTML, cleaned by the owner-HTML allow-list when stored (server forms/answer-html.ts).
  richtext: { ...text("textarea", false, LONG), renderable: true },
  // Any JSON text that parses, stored as jsonb (structured-value.ts).
  json: { ...later("json", "jsonb"), renderable: true, html_type: "textarea" },
  // A sketch document ({"layers": […]}, answer-formats.ts), as the canvas editor saves it.
  canvas: later("json", "jsonb", { renderable: true, max_length: SKETCH }),
  // {"lat","lng"} in degrees (structured-value.ts); without JavaScript two number inputs.
  latlng: { ...later("latlng", "jsonb", { max_length: FORMAT }), renderable: true },
  // What was paid ({provider, provider_id, amount, currency, status}: payment.ts), written by the
  // server with a confirmed payment, never read from the browser; the card form is its renderer.
  payment: { ...later("json", "jsonb", { max_length: FORMAT }), renderable: true, requirable: false },
  // An ISO 3166-1 alpha-2 code (country-codes.ts); without JavaScript a select.
  country: { ...later("country", "text", { max_length: FORMAT, fixed_values: true }), renderable: true, html_type: "select" },
  // The pad's drawing as a PNG data URL (answer-formats.ts), shown as an image in the grid.
  signature: { ...text("hidden", false, SIGNATURE), renderable: true },
  // One metadata object per file ({path, name, size, type, lastModified, duration?}: file-answer.ts);
  // a list when `multiple`. A partial answer holds the stored paths (strings).
  file: upload(),
  image: upload(),
  audio: upload(),
  video: upload(),
};

export const FIELD_TYPE_CAPABILITIES: Readonly<Record<FieldType, FieldTypeCapability>> =
  Object.fromEntries(
    FIELD_TYPES.map((type) => {
      return [type, { type, ...ROWS[type], ...(ARRAY_TYPES.has(type) ? { array: true } : {}) }];
    }),
  ) as Record<FieldType, FieldTypeCapability>;

export function isFieldType(value: string): value is FieldType {
  return (FIELD_TYPES as readonly string[]).includes(value);
}

export function capabilityOf(type: FieldType): FieldTypeCapability {
  return FIELD_TYPE_CAPABILITIES[type];
}

/** Whether a field with these properties stores several values per answer. */
export function isMultiValued(field: { type: FieldType; multiple?: boolean | null; is_array?: boolean | null }): boolean {
  const cap = capabilityOf(field.type);
  return cap.multiple === "always" || (cap.multiple === "optional" && field.multiple === true) || isArrayField(field);
}

/** Whether this field stores a list of instances: `is_array` on a type that takes it. */
export function isArrayField(field: { type: FieldType; is_array?: boolean | null }): boolean {
  return field.is_array === true && capabilityOf(field.type).array === true;
}
