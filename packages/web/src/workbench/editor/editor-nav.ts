/**
 * What the editor's sidebar lists for a document type in each mode (build, data, project),
 * as data. Each item is a route suffix of spec 2 §2; the project mode also lists the
 * project's documents (loaded by the sidebar).
 */
import { DOCTYPE_LABELS, type Doctype, type EditorRoute, type SidebarMode } from "@fieldwork/core";

export type SuffixPattern = EditorRoute["pattern"];

/** Names of the sidebar icons (the sidebar maps them to glyphs; this module stays pure). */
export type NavIcon =
  | "cover" | "page" | "ending" | "theme" | "share" | "parameters" | "customer" | "channels" | "store" | "products" | "database"
  | "settings" | "table" | "sessions" | "customers" | "analytics" | "simulator" | "new-table" | "canvas" | "objects";

export interface NavItem {
  label: string;
  suffix: string;
  icon: NavIcon;
  /** Why the item cannot be opened; absent when it can. */
  disabled?: string;
  /** Opens in a new tab (the simulator). */
  newTab?: boolean;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
  /** Shown when the group has no items. */
  empty?: string;
}

export const MODE_LABELS: Record<SidebarMode, string> = { build: "Build", data: "Data", project: "Project" };
export const MODES: readonly SidebarMode[] = ["build", "data", "project"];

/** The mode a route suffix belongs to; the root ("") has none (the document's initial mode applies). */
export function modeOfPattern(pattern: SuffixPattern): SidebarMode | null {
  if (pattern === "") return null;
  if (pattern === "data" || pattern.startsWith("data/")) return "data";
  if (pattern === "objects" || pattern.startsWith("objects/")) return "project";
  return "build";
}

export function modeDisabledReason(doctype: Doctype, mode: SidebarMode): string {
  return `${DOCTYPE_LABELS[doctype]} documents have no ${MODE_LABELS[mode]} mode.`;
}

const SIMULATOR_NEEDS = "Open the responses or sessions table first.";

/** `tables`: a schema document's tables, listed in its data mode (each opens `data/table/{name}`). */
export function editorNav(doctype: Doctype, mode: SidebarMode, current: SuffixPattern, tables: readonly string[] = []): NavGroup[] {
  if (mode === "build") {
    switch (doctype) {
      case "v0_form":
        return [
          { label: "Form", items: [
            { label: "Cover", suffix: "form/start", icon: "cover" },
            { label: "Main", suffix: "form/edit", icon: "page" },
            { label: "Ending", suffix: "form/end", icon: "ending" },
          ] },
          { label: "Design", items: [{ label: "Theme", suffix: "design", icon: "theme" }] },
          { label: "Connect", items: [
            { label: "Share", suffix: "connect/share", icon: "share" },
            { label: "URL parameters", suffix: "connect/parameters", icon: "parameters" },
            { label: "Customer identity", suffix: "connect/customer", icon: "customer" },
            { label: "Channels", suffix: "connect/channels", icon: "channels" },
            { label: "Store", suffix: "connect/store", icon: "store" },
            { label: "Products", suffix: "connect/store/products", icon: "products" },
            { label: "Database", suffix: "connect/database/supabase", icon: "database" },
          ] },
          { label: "Settings", items: [{ label: "Form settings", suffix: "settings", icon: "settings" }] },
        ];
      case "v0_site":
        return [{ label: "Site", items: [{ label: "Pages", suffix: "design", icon: "page" }, { label: "Settings", suffix: "settings", icon: "settings" }] }];
      case "v0_schema":
        return [{ label: "Schema", items: [{ label: "Connect a database", suffix: "connect/database/supabase", icon: "database" }, { label: "Settings", suffix: "settings", icon: "settings" }] }];
      case "v0_canvas":
        return [{ label: "Canvas", items: [{ label: "Canvas", suffix: "canvas", icon: "canvas" }] }];
      case "v0_bucket":
        return [];
    }
  }
  if (mode === "data") {
    switch (doctype) {
      case "v0_form": {
        const onTable = current === "data/responses" || current === "data/responses/sessions";
        return [
          { label: "Tables", items: [
            { label: "Responses", suffix: "data/responses", icon: "table" },
            { label: "Sessions", suffix: "data/responses/sessions", icon: "sessions" },
            { label: "Customers", suffix: "data/customers", icon: "customers" },
          ] },
          { label: "Analytics", items: [{ label: "Realtime", suffix: "data/analytics", icon: "analytics" }] },
          { label: "Testing", items: [{ label: "Open Simulator", suffix: "data/simulator", icon: "simulator", newTab: true, ...(onTable ? {} : { disabled: SIMULATOR_NEEDS }) }] },
        ];
      }
      case "v0_schema":
        return [{ label: "Tables", items: [
          ...tables.map((name): NavItem => ({ label: name, suffix: `data/table/${name}`, icon: "table" })),
          { label: "New table", suffix: "data/table/~new", icon: "new-table" },
        ], empty: "No tables yet." }];
      default:
        return [{ label: "Tables", items: [], empty: "No tables yet." }];
    }
  }
  if (doctype === "v0_bucket") return [{ label: "Bucket", items: [{ label: "Objects", suffix: "objects", icon: "objects" }] }];
  return [];
}

/** The suffixes of a form's Build pages (the canvas, Cover, Form settings, Theme, Ending, Connect), drawn by the lazy form-editor.tsx. */
export const FORM_PAGE_PATTERNS = [
  "", "form", "form/edit", "form/start", "settings", "design", "form/end",
  "connect/store", "connect/store/get-started", "connect/store/products", "connect/channels", "connect/share", "connect/parameters", "connect/customer",
  "connect/database/supabase",
] as const satisfies readonly SuffixPattern[];
export type FormPagePattern = (typeof FORM_PAGE_PATTERNS)[number];

export function isFormPagePattern(pattern: SuffixPattern): pattern is FormPagePattern {
  return (FORM_PAGE_PATTERNS as readonly SuffixPattern[]).includes(pattern);
}

/** The suffixes of a form's Data pages, drawn by the lazy data/data-mode.tsx. */
export const DATA_PAGE_PATTERNS = ["data", "data/responses", "data/responses/sessions", "data/customers", "data/analytics", "data/simulator"] as const satisfies readonly SuffixPattern[];
export type DataPagePattern = (typeof DATA_PAGE_PATTERNS)[number];

export function isDataPagePattern(pattern: SuffixPattern): pattern is DataPagePattern {
  return (DATA_PAGE_PATTERNS as readonly SuffixPattern[]).includes(pattern);
}

/** The suffixes of a schema document's pages, drawn by the lazy data/schema/schema-mode.tsx. */
export const SCHEMA_PAGE_PATTERNS = ["", "data", "data/table/~new", "data/table/{tablename}", "data/table/{tablename}/definition"] as const satisfies readonly SuffixPattern[];
export type SchemaPagePattern = (typeof SCHEMA_PAGE_PATTERNS)[number];

export function isSchemaPagePattern(pattern: SuffixPattern): pattern is SchemaPagePattern {
  return (SCHEMA_PAGE_PATTERNS as readonly SuffixPattern[]).includes(pattern);
}
