/**
 * The runtime shapes of a form as the server sends it to the public form (spec 1 §3,
 * spec 2 §3). Names follow the spec: `form_field`, `block`, `local_index`, `v_hidden`.
 */
import type { FieldType } from "./field-types";
import type { ApiError } from "./error-catalogue";
import type { OptionStock } from "./inventory";
import type { BrowserMessages } from "./i18n/catalogues";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface FormOption {
  id: string;
  value: string;
  label: string | null;
  src: string | null;
  disabled: boolean;
  index: number;
  optgroup_id: string | null;
  /** Price in minor units (cents) when the option is a product of a payment form (payment.ts), else null. */
  price?: number | null;
  /**
   * Set when the option sells a store's product value (inventory/product-links.ts): `price` is
   * then the store's, in this currency, not the option's own.
   */
  price_currency?: string;
  /**
   * The editor document only (forms/editor/editor-document.ts): an option selling a store
   * product has `price: null` there (its own price is not what it charges) and the store's
   * price and currency here, which the options editor shows read-only.
   */
  store_price?: number | null;
  store_currency?: string;
  /** Tracked options only, in the preload: how many remain when few (inventory.ts). */
  stock?: OptionStock;
}

export interface FormOptgroup {
  id: string;
  label: string;
  disabled: boolean;
  index: number;
}

export interface FormField {
  id: string;
  name: string;
  label: string | null;
  type: FieldType;
  placeholder: string | null;
  help_text: string | null;
  required: boolean;
  readonly: boolean;
  pattern: string | null;
  step: number | null;
  min: number | string | null;
  max: number | string | null;
  autocomplete: string | null;
  accept: string | null;
  multiple: boolean;
  is_array: boolean;
  data: JsonValue;
  v_value: JsonValue;
  /** Upload configuration (request and signed URLs) of file fields. */
  upload: JsonValue;
  /** How stored file paths resolve to URLs. */
  resolve: JsonValue;
  storage: JsonValue;
  reference: JsonValue;
  /** Stored with definitions but unused: tracking lives in inventory_item rows (server inventory/). */
  options_inventory: JsonValue;
  options: FormOption[];
  optgroups: FormOptgroup[];
}

export const BLOCK_TYPES = ["section", "field", "html", "header", "image", "video", "pdf", "divider", "group"] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export interface FormBlock {
  id: string;
  form_id: string;
  form_page_id: string;
  parent_id: string | null;
  type: BlockType;
  local_index: number;
  form_field_id: string | null;
  v_hidden: JsonValue;
  attributes: { contains_payment?: boolean } | null;
  body_html: string | null;
  title_html: string | null;
  description_html: string | null;
  src: string | null;
  data: JsonValue;
}

export type Appearance = "light" | "dark" | "system";

export interface FormStylesheet {
  appearance: Appearance;
  palette: string | null;
  font_family: string;
  section: string | null;
  custom_css: string | null;
}

export interface FormCampaign {
  is_force_closed: boolean;
  is_scheduling_enabled: boolean;
  scheduling_open_at: string | null;
  scheduling_close_at: string | null;
  scheduling_tz: string | null;
  max_form_responses_in_total: number | null;
  max_form_responses_by_customer: number | null;
}

export interface FormEnding {
  is_ending_page_enabled: boolean;
  title: string | null;
  body_html: string | null;
  redirect_after_response_uri: string | null;
}

/** One node of the render tree: a block with its ordered children (spec 1 §3.4 `tree`). */
export interface TreeNode {
  id: string;
  type: BlockType;
  depth: number;
  children: TreeNode[];
}

/** The preload answer of `GET /v1/{form_id}` (spec 1 §3.5). */
export interface FormPreload {
  form_id: string;
  /** The definition's revision: posted back with a submit (`PARAM.revision`). */
  revision: number;
  session_id: string | null;
  start_page: JsonValue;
  title: string;
  method: "post";
  blocks: FormBlock[];
  tree: TreeNode[];
  fields: FormField[];
  default_values: Record<string, JsonValue>;
  options: { optimize_for_cjk: boolean; is_powered_by_branding_enabled: boolean };
  /** The theme's language as stored (i18n `languageOf` reads it; unknown is English). */
  lang: string;
  /** The sentences of that language the browser shows (core's `browserMessages`): the form's JavaScript carries no catalogue. */
  messages: BrowserMessages;
  stylesheet: FormStylesheet;
  background: JsonValue;
  campaign: FormCampaign;
  ending: FormEnding;
  error: ApiError | null;
  /**
   * Set only when the server answers a native (no-JavaScript) submit whose answers were
   * refused with the form again: the refusal with its `field_errors`, shown under the fields;
   * `default_values` then hold what the visitor posted.
   */
  submit_error?: ApiError;
}
