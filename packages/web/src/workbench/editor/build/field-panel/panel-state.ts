/**
 * The field editor side panel's state as one reducer: the draft the owner types into (text
 * inputs as strings, options as rows), whether it is a new field, the options editor's
 * mode, the save in flight and the server's refusal. `toDefinition` turns the draft into
 * the field's definition, keeping only what the capability table says the type takes;
 * `draftProblems` are core's field rules on it, shown beside their inputs while typing.
 */
import {
  capabilityOf, expressionProblem, fieldBucketOf, fieldBucketProblem, fieldProblems, FieldDefinition, fieldTypeLabel, storageOf,
  storagePathProblem, suggestFieldName, TYPE_DEFAULTS, uploadTypeOf, type BucketChoice, type FieldProblems, type FieldSuggestion,
  type FieldType, type FormField, type UploadType,
} from "@fieldwork/core";
import { definitionOf } from "../editor-request";
import { applyOptionsOp, definitionOptions, optionPriceProblem, optionRows, withStorePrices, type OptionList, type OptionsOp } from "./options-ops";
import { paymentDataOf, paymentDraftOf, paymentProblems, withProvider, type PaymentDraft, type PaymentProblems } from "./payment-draft";

export interface FieldDraft {
  type: FieldType;
  name: string;
  label: string;
  placeholder: string;
  help_text: string;
  required: boolean;
  readonly: boolean;
  pattern: string;
  min: string;
  max: string;
  step: string;
  autocomplete: string;
  accept: string;
  multiple: boolean;
  /** An array field (`is_array`): one input per instance; only types whose capability has `array`. */
  is_array: boolean;
  list: OptionList;
  /** The computed value's expression (`v_value`), "" for none. */
  v_value: string;
  /** File fields: multipart (with the form) or requesturl (signed upload, 50 MB). */
  upload_type: UploadType;
  /** File fields: a storage path template of the owner's (spec 2 §3 "Field storage"). */
  storage_enabled: boolean;
  storage_path: string;
  /** File fields: the bucket (an id) the files go into, "" for the form's own folder. */
  storage_bucket: string;
  /** Payment fields: provider, currency and fixed amount (payment-draft.ts). */
  payment: PaymentDraft;
  /** Search fields: the referenced schema table and its columns (spec 2 §3 foreign-key section). */
  reference: ReferenceDraft;
}

/** A reference as the panel edits it: table_id "" for none; `schema` and `table` name a connected table (kind x_table). */
export interface ReferenceDraft {
  kind?: "schema_table" | "form" | "x_table"; table_id: string; schema?: string; table?: string; column: string; shown: string[]; searched: string[];
}

const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
function referenceDraftOf(stored: unknown): ReferenceDraft {
  const r = (typeof stored === "object" && stored !== null ? stored : {}) as Record<string, unknown>;
  const kind = r.kind === "form" || r.kind === "x_table" ? r.kind : "schema_table";
  return {
    ...(kind === "schema_table" ? {} : { kind }),
    table_id: typeof r.table_id === "string" ? r.table_id : "",
    ...(kind === "x_table" ? { schema: typeof r.schema === "string" ? r.schema : "", table: typeof r.table === "string" ? r.table : "" } : {}),
    column: typeof r.column === "string" ? r.column : "id",
    shown: strings(r.shown), searched: strings(r.searched),
  };
}

export type TextKey = "name" | "label" | "placeholder" | "help_text" | "pattern" | "min" | "max" | "step" | "autocomplete" | "accept" | "v_value" | "storage_path" | "storage_bucket";
export type FlagKey = "required" | "readonly" | "multiple" | "is_array" | "storage_enabled";

export interface PanelState {
  field_id: string;
  /** A field just inserted, not yet saved from the panel: "New Field". */
  fresh: boolean;
  /** The field as it was when the panel opened: what Save starts from. */
  base: FieldDefinition;
  draft: FieldDraft;
  /** The name follows the label until the owner types a name. */
  name_follows_label: boolean;
  options_mode: "simple" | "advanced";
  saving: boolean;
  /** What the server said when it refused the last save. */
  refusal: string | null;
}

export type PanelAction =
  | { type: "text"; key: TextKey; value: string }
  | { type: "flag"; key: FlagKey; value: boolean }
  | { type: "type"; value: FieldType }
  | { type: "upload-type"; value: UploadType }
  | { type: "payment"; patch: Partial<PaymentDraft> }
  | { type: "reference"; value: ReferenceDraft }
  | { type: "options"; op: OptionsOp }
  | { type: "options-mode"; mode: "simple" | "advanced" }
  | { type: "suggestion"; suggestion: FieldSuggestion }
  | { type: "save-started" }
  | { type: "save-refused"; message: string };

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));

export function draftOf(field: FormField): FieldDraft {
  const def = FieldDefinition.parse(definitionOf(field));
  return {
    type: def.type, name: def.name, label: text(def.label), placeholder: text(def.placeholder), help_text: text(def.help_text),
    required: def.required, readonly: def.readonly, pattern: text(def.pattern), min: text(def.min), max: text(def.max), step: text(def.step),
    autocomplete: text(def.autocomplete), accept: text(def.accept), multiple: def.multiple, is_array: def.is_array, list: withStorePrices(optionRows(def), field.options),
    v_value: typeof def.v_value === "string" ? def.v_value : "",
    upload_type: uploadTypeOf(def), storage_enabled: storageOf(def).enabled, storage_path: storageOf(def).path,
    storage_bucket: fieldBucketOf(def.storage) ?? "", payment: paymentDraftOf(def.data),
    reference: referenceDraftOf(def.reference),
  };
}

export function initPanel({ field, fresh }: { field: FormField; fresh: boolean }): PanelState {
  const draft = draftOf(field);
  const advanced = draft.list.options.some((o) => o.value !== o.label || o.disabled || o.group) || draft.list.optgroups.length > 0;
  return {
    field_id: field.id, fresh, base: FieldDefinition.parse(definitionOf(field)), draft,
    name_follows_label: fresh, options_mode: advanced ? "advanced" : "simple", saving: false, refusal: null,
  };
}

/** The draft with a new type: what the type does not take is dropped, its defaults filled in. */
export function withType(draft: FieldDraft, type: FieldType): FieldDraft {
  const cap = capabilityOf(type);
  const defaults = TYPE_DEFAULTS[type] ?? {};
  let list = draft.list;
  if (cap.options && list.options.length === 0) list = applyOptionsOp(applyOptionsOp(list, { op: "add-option" }), { op: "add-option" });
  return {
    ...draft, type, list,
    required: cap.requirable ? draft.required : false,
    pattern: cap.pattern ? draft.pattern || defaults.pattern || "" : "",
    placeholder: draft.placeholder || defaults.placeholder || "",
    min: cap.range ? draft.min : "", max: cap.range ? draft.max : "", step: cap.range ? draft.step : "",
    multiple: cap.multiple === "always" ? true : cap.multiple === "never" ? false : draft.multiple,
    is_array: cap.array === true && draft.is_array,
    accept: cap.file ? draft.accept : "",
  };
}

/** The draft with an AI suggestion applied (ask-ai.tsx): its type first (defaults, what it drops), then its texts and options. */
export function withSuggestion(draft: FieldDraft, s: FieldSuggestion): FieldDraft {
  const list = optionRows({
    options: s.options.map((o) => ({ value: o.value, label: o.label, src: null, disabled: false, group: o.group })),
    optgroups: s.optgroups.map((g) => ({ label: g.label, disabled: false })),
  });
  const typed = withType({ ...draft, list, pattern: s.pattern ?? "", placeholder: s.placeholder ?? "" }, s.type);
  return { ...typed, name: s.name, label: s.label, help_text: s.help_text ?? "", required: s.required && capabilityOf(s.type).requirable };
}

export function panelReducer(state: PanelState, action: PanelAction): PanelState {
  const edit = (draft: FieldDraft, extra: Partial<PanelState> = {}): PanelState => ({ ...state, draft, refusal: null, ...extra });
  switch (action.type) {
    case "text": {
      const draft = { ...state.draft, [action.key]: action.value };
      if (action.key === "name") return edit(draft, { name_follows_label: false });
      if (action.key === "label" && state.name_follows_label) draft.name = suggestFieldName(action.value || fieldTypeLabel(draft.type));
      return edit(draft);
    }
    case "flag":
      return edit({ ...state.draft, [action.key]: action.value });
    case "type":
      return edit(withType(state.draft, action.value));
    case "upload-type":
      return edit({ ...state.draft, upload_type: action.value });
    case "payment": {
      const { provider, ...rest } = action.patch;
      const payment = provider !== undefined ? withProvider(state.draft.payment, provider) : state.draft.payment;
      return edit({ ...state.draft, payment: { ...payment, ...rest } });
    }
    case "reference":
      return edit({ ...state.draft, reference: action.value });
    case "options":
      return edit({ ...state.draft, list: applyOptionsOp(state.draft.list, action.op) });
    case "options-mode":
      return { ...state, options_mode: action.mode };
    case "suggestion":
      return edit(withSuggestion(state.draft, action.suggestion), {
        name_follows_label: false,
        options_mode: action.suggestion.optgroups.length || action.suggestion.options.some((o) => o.label !== o.value) ? "advanced" : state.options_mode,
      });
    case "save-started":
      return { ...state, saving: true, refusal: null };
    case "save-refused":
      return { ...state, saving: false, refusal: action.message };
  }
}

const isNumericType = (type: FieldType) => capabilityOf(type).value === "number";
const bound = (type: FieldType, v: string): number | string | null => {
  const t = v.trim();
  if (!t) return null;
  return isNumericType(type) && Number.isFinite(Number(t)) ? Number(t) : t;
};
const orNull = (v: string) => (v.trim() ? v : null);

/** The draft as the field's definition (what update-field sends), on top of `base`. */
export function toDefinition(draft: FieldDraft, base: FieldDefinition): FieldDefinition {
  const cap = capabilityOf(draft.type);
  const step = Number(draft.step);
  const choices = cap.options ? definitionOptions(draft.list) : { options: [], optgroups: [] };
  return {
    ...base,
    type: draft.type, name: draft.name.trim(), label: orNull(draft.label), placeholder: orNull(draft.placeholder), help_text: orNull(draft.help_text),
    required: cap.requirable && draft.required, readonly: draft.readonly,
    pattern: cap.pattern ? orNull(draft.pattern) : null,
    min: cap.range ? bound(draft.type, draft.min) : null,
    max: cap.range ? bound(draft.type, draft.max) : null,
    step: cap.range && draft.step.trim() && Number.isFinite(step) && step > 0 ? step : null,
    autocomplete: orNull(draft.autocomplete), accept: cap.file ? orNull(draft.accept) : null,
    multiple: cap.multiple === "always" || (cap.multiple === "optional" && draft.multiple),
    is_array: cap.array === true && draft.is_array,
    v_value: draft.v_value.trim() || null,
    ...fileSettings(draft, base),
    ...(draft.type === "payment" ? { data: paymentDataOf(draft.payment, base.data) } : {}),
    ...choices,
    reference: draft.type === "search" && draft.reference.table_id
      ? {
        kind: draft.reference.kind ?? "schema_table", table_id: draft.reference.table_id,
        ...(draft.reference.kind === "x_table" ? { schema: draft.reference.schema, table: draft.reference.table } : {}),
        column: draft.reference.column, shown: draft.reference.shown, searched: draft.reference.searched,
      }
      : null,
  };
}

/** A file field's upload type and storage (the defaults, multipart and no own path, store nothing). */
function fileSettings(draft: FieldDraft, base: FieldDefinition): Pick<FieldDefinition, "upload" | "storage"> {
  if (!capabilityOf(draft.type).file) return { upload: null, storage: null };
  const baseStorage = base.storage && typeof base.storage === "object" && !Array.isArray(base.storage) ? base.storage : {};
  const bucket = draft.storage_bucket.trim();
  // The bucket stays where it was among the keys (so an untouched field is not dirty); none drops it.
  const withBucket = (storage: Record<string, unknown>) => {
    if (bucket) return { ...storage, bucket };
    const { bucket: _dropped, ...rest } = storage;
    return rest;
  };
  return {
    upload: draft.upload_type === "multipart" && base.upload === null ? null : { type: draft.upload_type },
    storage: draft.storage_enabled
      ? withBucket({ ...baseStorage, enabled: true, path: draft.storage_path.trim() })
      : base.storage === null && !bucket ? null : withBucket({ ...baseStorage, enabled: false }),
  };
}

export type PanelProblems = FieldProblems & PaymentProblems & { option_price?: string; step?: string; v_value?: string; storage?: string; bucket?: string };

/**
 * Core's field rules on the draft, plus a step that is not a positive number, and the bucket
 * rules of spec 2 §5 (`fieldBucketProblem`) once the project's buckets are known.
 */
export function draftProblems(draft: FieldDraft, otherNames: readonly string[], buckets: readonly BucketChoice[] | null = null): PanelProblems {
  const step = draft.step.trim() ? Number(draft.step) : null;
  const problems: PanelProblems = fieldProblems({
    name: draft.name.trim(), type: draft.type, required: draft.required, pattern: orNull(draft.pattern),
    step: step !== null && Number.isFinite(step) ? step : null,
    min: bound(draft.type, draft.min), max: bound(draft.type, draft.max),
    options: draft.list.options, optgroups: draft.list.optgroups,
  }, otherNames);
  if (step !== null && !(Number.isFinite(step) && step > 0)) problems.step = "Step must be a positive number.";
  const computed = draft.v_value.trim() ? expressionProblem(draft.v_value, new Set([...otherNames, draft.name.trim()])) : undefined;
  if (computed) problems.v_value = computed;
  const storage = capabilityOf(draft.type).file && draft.storage_enabled ? storagePathProblem(draft.storage_path) : undefined;
  if (storage) problems.storage = storage;
  if (buckets && capabilityOf(draft.type).file) {
    const bucket = fieldBucketProblem({ type: draft.type, storage: { enabled: draft.storage_enabled, bucket: draft.storage_bucket } }, buckets);
    if (bucket) problems.bucket = bucket.message;
  }
  if (draft.type === "payment") Object.assign(problems, paymentProblems(draft.payment));
  const price = capabilityOf(draft.type).options ? optionPriceProblem(draft.list) : undefined;
  if (price) problems.option_price = price;
  return problems;
}

/** Whether the draft differs from what the panel opened with. */
export const isDirty = (state: PanelState) => JSON.stringify(toDefinition(state.draft, state.base)) !== JSON.stringify(state.base);
