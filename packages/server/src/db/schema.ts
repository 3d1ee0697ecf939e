/** Kysely table types of Fieldwork's own tables (migrations in ./migrations). */
import type { ColumnType, Generated, JSONColumnType } from "kysely";
import type { JsonValue, PaymentReceipt } from "@fieldwork/core";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<JsonValue, string | undefined | null, string | null>;

export interface OrganizationTable { id: Generated<string>; name: string; display_name: string; created_at: Timestamp }
export interface ProjectTable { id: Generated<string>; organization_id: string; name: string; created_at: Timestamp }
export interface AppUserTable {
  id: string; name: string; email: string; email_verified: Generated<boolean>; image: string | null;
  created_at: Timestamp; updated_at: Timestamp;
}
export interface AuthSessionTable {
  id: string; user_id: string; token: string; expires_at: Timestamp; ip_address: string | null;
  user_agent: string | null; created_at: Timestamp; updated_at: Timestamp;
}
export interface AuthAccountTable {
  id: string; user_id: string; account_id: string; provider_id: string; password: string | null;
  created_at: Timestamp; updated_at: Timestamp;
}
export interface UserProfileTable { uid: string; display_name: string; avatar_path: string | null }
import type { Attribute, Role } from "@fieldwork/core";

export type { Role };
export interface ProjectApiKeyTable {
  id: Generated<string>; project_id: string; name: string; role: Role; prefix: string; token_hash: string;
  created_by: string | null; created_at: Timestamp; last_used_at: Timestamp | null;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface AuditLogTable {
  id: Generated<number>; at: Timestamp; event: string; user_id: string | null; api_key_id: string | null;
  ip: string | null; method: string | null; path: string | null; status: number | null;
  details: ColumnType<Record<string, JsonValue>, string | undefined, string>;
}
export interface OrganizationInvitationTable {
  id: Generated<string>; organization_id: string; role: Role; label: string | null; token_hash: string;
  created_by: string | null; created_at: Generated<Timestamp>; expires_at: Timestamp;
  accepted_by: string | null; accepted_at: Timestamp | null;
  /** Set for an owner's invitation by email: the address typed, and the account it named then (if any). */
  email: ColumnType<string | null, string | null | undefined, string | null>;
  invitee_user_id: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface OrganizationMemberTable {
  organization_id: string; user_id: string; role: Role; created_at: Timestamp;
}
export interface DocumentTable {
  id: Generated<string>; project_id: string;
  doctype: "v0_form" | "v0_site" | "v0_schema" | "v0_bucket" | "v0_canvas";
  title: string; created_at: Timestamp; updated_at: Timestamp;
}

export interface FormTable {
  id: Generated<string>;
  project_id: string;
  document_id: string | null;
  title: string;
  description: string | null;
  method: Generated<"post">;
  unknown_field_handling_strategy: Generated<"ignore" | "accept" | "reject">;
  is_published: Generated<boolean>;
  is_force_closed: Generated<boolean>;
  is_scheduling_enabled: Generated<boolean>;
  scheduling_open_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  scheduling_close_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  scheduling_tz: string | null;
  max_form_responses_in_total: number | null;
  max_form_responses_by_customer: number | null;
  /** The commerce store whose inventory its tracked options use (migration 0009). */
  store_id: ColumnType<string | null, string | null | undefined, string | null>;
  table_name: string;
  response_count: Generated<number>;
  /** The last `local_index` given to a row (never goes back); `response_count` is the rows there are. */
  last_local_index: Generated<number>;
  revision: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FormDocumentTable {
  id: Generated<string>;
  form_id: string;
  project_id: string;
  start_page: Json;
  lang: Generated<string>;
  stylesheet: JSONColumnType<Record<string, JsonValue>, string | undefined, string>;
  background: Json;
  is_powered_by_branding_enabled: Generated<boolean>;
  optimize_for_cjk: Generated<boolean>;
  is_ending_page_enabled: Generated<boolean>;
  ending_title: string | null;
  ending_body_html: string | null;
  redirect_after_response_uri: string | null;
  created_at: Timestamp;
}

export interface FormFieldTable {
  id: Generated<string>;
  form_id: string;
  name: string;
  label: string | null;
  type: string;
  placeholder: string | null;
  help_text: string | null;
  required: Generated<boolean>;
  readonly: Generated<boolean>;
  pattern: string | null;
  step: number | null;
  min: Json;
  max: Json;
  autocomplete: string | null;
  accept: string | null;
  multiple: Generated<boolean>;
  is_array: Generated<boolean>;
  data: Json;
  v_value: Json;
  upload: Json;
  resolve: Json;
  storage: Json;
  reference: Json;
  options_inventory: Json;
  local_index: Generated<number>;
  created_at: Timestamp;
}

export interface OptgroupTable {
  id: Generated<string>; form_id: string; form_field_id: string; label: string;
  disabled: Generated<boolean>; index: Generated<number>; created_at: Timestamp;
}

export interface FormFieldOptionTable {
  id: Generated<string>; form_id: string; form_field_id: string; value: string; label: string | null;
  src: string | null; disabled: Generated<boolean>; index: Generated<number>; optgroup_id: string | null;
  created_at: Timestamp;
  /** Minor units on a payment form (migration 0024). */
  price: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface FormBlockTable {
  id: Generated<string>;
  form_id: string;
  form_page_id: string;
  parent_id: string | null;
  type: "section" | "field" | "html" | "header" | "image" | "video" | "pdf" | "divider" | "group";
  local_index: Generated<number>;
  form_field_id: string | null;
  v_hidden: Json;
  attributes: Json;
  body_html: string | null;
  title_html: string | null;
  description_html: string | null;
  src: string | null;
  data: Json;
  created_at: Timestamp;
}

export interface CustomerTable {
  id: Generated<string>; project_id: string; uid: Generated<number>; email: string | null; phone: string | null;
  visitor_id: string | null; created_at: Timestamp; last_seen_at: Timestamp;
}

export interface ResponseSessionTable {
  id: Generated<string>;
  form_id: string;
  customer_id: string | null;
  visitor_id: string | null;
  raw: JSONColumnType<Record<string, JsonValue>, string | undefined, string>;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SignInFailureTable {
  key: string; failures: number; last_failure_at: Date; blocked_until: Date | null;
}
export interface RateLimitHitTable {
  key: string;
  window_start: Date;
  hits: number;
}

/** Bytes of partial answers in a form's unsubmitted sessions (migration 0013-partial-answer-bytes). */
export interface FormPartialBytesTable {
  form_id: string;
  bytes: Generated<number>;
}

/** Commerce inventory (migration 0009-inventory). */
export interface StoreTable {
  id: Generated<string>; project_id: string; name: string; created_at: Generated<Date>;
  /** ISO 4217 code; prices are whole minor units of it (migration 0025). */
  currency: Generated<string>;
}
export interface InventoryItemTable {
  id: Generated<string>; store_id: string; sku: string; form_field_option_id: string | null; created_at: Generated<Date>;
  /** The product option value whose stock this item is (migration 0025); null for a tracked option's own item. */
  product_option_value_id: ColumnType<string | null, string | null | undefined, string | null>;
}
/** A store's products (migration 0025-store-products); prices in minor units of the store's currency. */
export interface ProductTable {
  id: Generated<string>; store_id: string; name: string; description: string | null; price: number;
  created_at: Generated<Date>; updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface ProductOptionTable { id: Generated<string>; product_id: string; name: string; index: number; created_at: Generated<Date> }
export interface ProductOptionValueTable {
  id: Generated<string>; product_option_id: string; value: string; index: number;
  /** Null: the product's price. */
  price: number | null; created_at: Generated<Date>;
}
export interface InventoryLevelTable {
  id: Generated<string>; inventory_item_id: string; available: number; on_hand: number;
  committed: Generated<number>; unavailable: Generated<number>; incoming: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type InventoryCommitReason = "initialize" | "adjust" | "order" | "reserve" | "release";
export interface InventoryLevelCommitTable {
  id: ColumnType<number, never, never>; inventory_level_id: string; diff: number; reason: InventoryCommitReason;
  form_id: string | null; response_id: string | null; created_at: Generated<Date>;
}

export interface DB {
  organization: OrganizationTable;
  project: ProjectTable;
  app_user: AppUserTable;
  auth_session: AuthSessionTable;
  auth_account: AuthAccountTable;
  user_profile: UserProfileTable;
  project_api_key: ProjectApiKeyTable;
  audit_log: AuditLogTable;
  organization_member: OrganizationMemberTable;
  organization_invitation: OrganizationInvitationTable;
  document: DocumentTable;
  form: FormTable;
  form_document: FormDocumentTable;
  form_field: FormFieldTable;
  optgroup: OptgroupTable;
  form_field_option: FormFieldOptionTable;
  form_block: FormBlockTable;
  customer: CustomerTable;
  response_session: ResponseSessionTable;
  rate_limit_hit: RateLimitHitTable;
  form_partial_bytes: FormPartialBytesTable;
  sign_in_failure: SignInFailureTable;
  webhook: WebhookTable;
  outbox: OutboxTable;
  webhook_delivery: WebhookDeliveryTable;
  store: StoreTable;
  inventory_item: InventoryItemTable;
  inventory_level: InventoryLevelTable;
  inventory_level_commit: InventoryLevelCommitTable;
  product: ProductTable;
  product_option: ProductOptionTable;
  product_option_value: ProductOptionValueTable;
  upload_grant: UploadGrantTable;
  storage_move: StorageMoveTable;
  storage_delete: StorageDeleteTable;
  bucket: BucketTable;
  payment: PaymentTable;
  payment_movement: PaymentMovementTable;
  schema_table: SchemaTableTable;
  x_connection: XConnectionTable;
  x_form_target: XFormTargetTable;
}

export type PaymentStatus = "pending" | "paid" | "completed" | "failed" | "expired" | "refunded";
/** One attempt to pay for a session's answer (migration 0024, payments/). */
export interface PaymentTable {
  id: Generated<string>; form_id: string; session_id: string;
  response_id: ColumnType<string | null, string | null | undefined, string | null>;
  provider: "stripe" | "tosspayments";
  provider_id: ColumnType<string | null, string | null | undefined, string | null>;
  amount: number; currency: string; status: PaymentStatus;
  message: ColumnType<string | null, string | null | undefined, string | null>;
  /** The inventory levels whose units this payment holds (one unit each). */
  held_level_ids: ColumnType<string[], string[] | undefined, string[]>;
  /** The posted entries ({name: [values]}), so a confirmed payment completes its answer without the browser. */
  answers: Json;
  /** What a receipt says (core's PaymentReceipt, migration 0028); null for older payments. */
  receipt: ColumnType<PaymentReceipt | null, string | null | undefined, string | null>;
  created_at: Timestamp; updated_at: Timestamp; expires_at: ColumnType<Date, Date | string, Date | string>;
}
/** A money movement the provider made: a charge or a refund (migration 0024). */
export interface PaymentMovementTable {
  id: ColumnType<number, never, never>; payment_id: string; response_id: string | null; kind: "charge" | "refund";
  provider: string; provider_id: string; amount: number; currency: string; status: string; created_at: Generated<Date>;
}

/** A table of a `v0_schema` document (migration 0026): its rows live in `form_data.<table_name>`. */
export interface SchemaTableTable {
  id: Generated<string>;
  document_id: string;
  project_id: string;
  name: string;
  description: string | null;
  attributes: ColumnType<Attribute[], string, string>;
  table_name: string;
  revision: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An external database connection (migration 0027): the secret sealed (external/secret-box.ts), the rest masked. */
export interface XConnectionTable {
  id: Generated<string>; project_id: string; kind: "postgres" | "supabase"; secret: string;
  host_masked: string; database_masked: string; user_masked: string; project_url: string | null;
  schema_names: ColumnType<string[], string[] | undefined, string[]>;
  snapshot: ColumnType<unknown, string | null | undefined, string | null>;
  refreshed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp; updated_at: Timestamp;
}
/** A form whose answers go into an external table (migration 0027). */
export interface XFormTargetTable {
  form_id: string; connection_id: string; schema_name: string; table_name: string;
  mapping: ColumnType<unknown, string, string>; created_at: Timestamp;
}

/** A storage bucket: the `v0_bucket` document of the same id (migration 0022). */
export interface BucketTable { id: string; project_id: string; public: Generated<boolean>; created_at: Timestamp; updated_at: Timestamp }

/** An object written for an answer that has no row yet (migrations 0019, 0023). */
export interface UploadGrantTable {
  key: string; form_id: string; field_id: string; session_id: string | null; max_bytes: number; created_at: Timestamp;
  /** When a signed upload's PUT landed; null until then. */
  stored_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** An owner's file added to this row once its PUT lands (owner-files.ts), with its name. */
  row_id: ColumnType<string | null, string | null | undefined, string | null>;
  name: ColumnType<string | null, string | null | undefined, string | null>;
}
/** Files to remove: a key, or every key under a prefix (migration 0020). */
export interface StorageDeleteTable { id: Generated<number>; key: string; prefix: Generated<boolean>; created_at: Timestamp }
/** A staged file to move into its answer's folder (migration 0017). */
export interface StorageMoveTable { id: Generated<number>; from_key: string; to_key: string; created_at: Timestamp }

export interface WebhookTable {
  id: Generated<string>; form_id: string; url: string; secret: string; enabled: Generated<boolean>;
  events: ColumnType<string[], string[] | undefined, string[]>; created_at: Timestamp; updated_at: Timestamp;
  consecutive_failures: Generated<number>;
  paused_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface OutboxTable {
  id: Generated<number>; form_id: string; type: string; payload: Json; created_at: Timestamp;
  /** The request that made the event (its log id), when one did. */
  request_id: ColumnType<string | null, string | null | undefined, string | null>;
  event_id: Generated<string>; webhook_id: string | null; relayed_at: Date | null;
}
export interface WebhookDeliveryTable {
  id: Generated<number>; webhook_id: string; form_id: string; outbox_id: number; event_id: string; event_type: string;
  attempt: number; status: "delivered" | "retrying" | "failed"; http_status: number | null; duration_ms: number;
  response_excerpt: string | null; error: string | null; next_retry_at: Date | null; created_at: Timestamp;
}
