/**
 * A reference field's configuration (spec 2 §3 "Field reference", spec 1 §3.6): a `search`
 * field stores the key of a row of another table. The owner chooses the table (a schema table
 * of the same project, a form's table, or a table of one of its connected databases), the referenced column (usually the key; the value
 * stored and handed back), the columns a respondent sees and the columns the lookup searches.
 * Only those columns ever leave the server (server/src/references/lookup.ts).
 */
import { z } from "zod";
import { REFERENCE_KEY_TYPES, type ReferenceKeyType } from "../field-columns";

/** Limits of one reference: the columns shown and searched, a lookup's page and text. */
export const REFERENCE_LIMITS = {
  shown_columns: 8,
  searched_columns: 4,
  /** Rows one lookup returns at most (spec 1 §9: the relation page limit defaults to 100). */
  page_size: 100,
  /** The default page of the public lookup. */
  default_page_size: 20,
  /** Characters of one lookup's search text. */
  query_length: 200,
} as const;

const columnName = z.string().min(1).max(63);

export const ReferenceConfig = z.object({
  /**
   * `schema_table`: a table of a schema document; `form`: a form's answers table; `x_table`: a
   * table of a connected database (docs/databases.md), named by `schema` and `table`.
   */
  kind: z.enum(["schema_table", "form", "x_table"]),
  /** The schema table's or the form's id; for `x_table`, the connection's id. */
  table_id: z.string().uuid(),
  /** `x_table` only: the connected table's schema and name (as introspected). */
  schema: z.string().min(1).max(63).optional(),
  table: z.string().min(1).max(256).optional(),
  /** The value stored and handed back; usually the key. */
  column: columnName,
  /** Columns a respondent sees in the lookup's rows (the referenced column always comes along). */
  shown: z.array(columnName).max(REFERENCE_LIMITS.shown_columns).default([]),
  /** Columns the lookup's text is matched against (case-insensitive contains). */
  searched: z.array(columnName).min(1).max(REFERENCE_LIMITS.searched_columns),
  /**
   * The answer column's type, like the referenced column's (field-columns.ts columnTypeOf).
   * Set by the server on save from the referenced table; whatever a client sends is replaced.
   */
  key_type: z.enum(REFERENCE_KEY_TYPES).optional(),
}).strict().superRefine((value, ctx) => {
  const dup = (list: string[]) => new Set(list).size !== list.length;
  if (dup(value.shown)) ctx.addIssue({ code: "custom", path: ["shown"], message: "Each shown column appears once." });
  if (dup(value.searched)) ctx.addIssue({ code: "custom", path: ["searched"], message: "Each searched column appears once." });
  const named = value.schema !== undefined && value.table !== undefined;
  if (value.kind === "x_table" && !named) ctx.addIssue({ code: "custom", path: ["table"], message: "A connected table is named by its schema and table." });
  if (value.kind !== "x_table" && (value.schema !== undefined || value.table !== undefined)) {
    ctx.addIssue({ code: "custom", path: ["table"], message: "Only a connected table (x_table) is named by schema and table." });
  }
});
export type ReferenceConfig = z.infer<typeof ReferenceConfig>;

/** A field's stored `reference` read as a config, or null when it has none or it is not valid. */
export function referenceOf(stored: unknown): ReferenceConfig | null {
  if (stored === null || stored === undefined) return null;
  const parsed = ReferenceConfig.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** Problems of a stored `reference` for a save, as one message; null when it is valid or absent. */
export function referenceProblem(stored: unknown): string | null {
  if (stored === null || stored === undefined) return null;
  const parsed = ReferenceConfig.safeParse(stored);
  if (parsed.success) return null;
  return parsed.error.issues.map((i) => `${i.path.join(".") || "reference"}: ${i.message}`).join("; ").slice(0, 500);
}

/** The columns a lookup may return: the referenced column first, then the shown ones. */
export function exposedColumns(config: ReferenceConfig): string[] {
  return [...new Set([config.column, ...config.shown])];
}

/**
 * The answer column of a `search` field for a referenced column of this Postgres type: an
 * integer key gives bigint, a uuid key uuid, a decimal one numeric, anything else text.
 */
export function referenceColumnType(sql_type: string | null | undefined): ReferenceKeyType {
  switch ((sql_type ?? "").toLowerCase()) {
    case "integer": case "int": case "int4": case "int2": case "smallint": case "bigint": case "int8":
      return "bigint";
    case "numeric": case "decimal": case "real": case "double precision": case "float4": case "float8":
      return "numeric";
    case "uuid": return "uuid";
    default: return "text";
  }
}

/** The public lookup's query: the search text and a page (spec 1 §3.10 q_text_search, q_page_limit, q_page_index). */
export const ReferenceLookupQuery = z.object({
  q: z.string().max(REFERENCE_LIMITS.query_length).default(""),
  limit: z.coerce.number().int().min(1).max(REFERENCE_LIMITS.page_size).default(REFERENCE_LIMITS.default_page_size),
  page: z.coerce.number().int().min(0).max(1_000).default(0),
});
export type ReferenceLookupQuery = z.infer<typeof ReferenceLookupQuery>;

/** A text typed by a respondent as an ilike pattern: contains, with the wildcards taken literally out. */
export function containsPattern(text: string): string | null {
  const clean = text.replace(/[*%_\\\u0000]/g, " ").replace(/\s+/g, " ").trim();
  return clean === "" ? null : `*${clean}*`;
}

/** GET /v1/session/{session_id}/field/{field_id}/search/meta (spec 1 §3.6), plus the columns a lookup returns. */
export const SearchMetaAnswer = z.object({
  data: z.object({
    provider: z.literal("fieldwork"),
    referenced_table: z.string(),
    referenced_column: z.string(),
    supabase_project_id: z.null(),
    schema_name: z.string(),
    columns: z.array(z.string()),
  }),
  error: z.null(),
});
export type SearchMetaAnswer = z.infer<typeof SearchMetaAnswer>;
