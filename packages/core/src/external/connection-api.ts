/**
 * External database connections (issue 24 item 3; spec 2 §7 "x-supabase"): the shapes of the
 * private calls under /private/editor/x-supabase/projects. A connection is a `postgres://`
 * URL, or a Supabase project (its URL, service key and database password). The secret parts
 * go in and are never sent back: a connection shows its host, database and user, masked.
 *
 * - `POST /x-supabase/projects` ConnectionCreate → ConnectionView (editors)
 * - `GET /x-supabase/projects?grida_project_id=` → ConnectionView[] (viewers)
 * - `GET /x-supabase/projects/{id}` → ConnectionView with its tables (viewers)
 * - `PATCH /x-supabase/projects/{id}` → refreshes the schema (editors)
 * - `DELETE /x-supabase/projects/{id}` (editors)
 * - `POST /x-supabase/projects/{id}/custom-schema` `{schema_name}` (editors)
 * - `GET /x-supabase/projects/{id}/x/auth.users/query?page=&perPage=` (viewers)
 * - `/x-supabase/projects/{id}/rest/v1/{table}` the Data API on its tables (Accept-Profile: schema)
 *
 * The request schemas are in connection-schemas.ts: no zod here, so the workbench can import
 * this module without building a schema when its chunk loads (the CSP refuses zod's eval probe).
 */
/** Why a table of a connected database takes no writes. */
export type ReadOnlyReason = "no_primary_key" | "no_write_privilege" | "view" | "system";

export const READ_ONLY_REASONS: Record<ReadOnlyReason, string> = {
  no_primary_key: "This table has no primary key, so a row cannot be told apart: it is read only.",
  no_write_privilege: "The connection's role may only read this table (no INSERT, UPDATE or DELETE privilege): it is read only.",
  view: "This is a view: it is read only.",
  system: "auth.users is read only.",
};

export interface ExternalColumn {
  name: string;
  /** `format_type` without modifier: `integer`, `text[]`, `public.mood`. */
  format: string;
  /** The type as values are cast to it, each identifier quoted by Postgres. */
  sql_type: string;
  /** The base kind: `text`, `number`, `boolean`, `date`, `json`, `uuid`, `enum`, `array`, `other`. */
  type: string;
  nullable: boolean;
  default: string | null;
  pk: boolean;
  fk: { schema: string; table: string; column: string } | null;
  enum: string[] | null;
  unique: boolean;
  generated: boolean;
}

export interface ExternalTable {
  schema: string;
  name: string;
  kind: "table" | "view";
  columns: ExternalColumn[];
  primary_key: string[];
  read_only: boolean;
  read_only_reason: ReadOnlyReason | null;
}

export interface ConnectionView {
  id: string;
  project_id: string;
  kind: "postgres" | "supabase";
  /** Masked: `db.ex***.com`, never the password. */
  host: string;
  database: string;
  user: string;
  project_url: string | null;
  schema_names: string[];
  refreshed_at: string | null;
  tables?: ExternalTable[];
}

/** `postgres` → `po*****`: enough to recognise, not to reuse. */
export function maskSecretText(value: string): string {
  if (value.length <= 2) return "*".repeat(value.length);
  return value.slice(0, 2) + "*".repeat(Math.min(value.length - 2, 8));
}

/** A host's first label masked, its domain kept: `db.abcdefgh.supabase.co` → `db.ab******.supabase.co`. */
export function maskHost(host: string): string {
  const labels = host.split(".");
  if (labels.length <= 2) return maskSecretText(host);
  return labels.map((label, i) => (i === 1 ? maskSecretText(label) : label)).join(".");
}
