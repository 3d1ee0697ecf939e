/**
 * Document types, their sidebar modes (spec 3 §2) and the workbench route shape
 * `/{org}/{project}/{document_id}/{suffix}` or `{basepath}/{document_id}/{suffix}` (spec 2 §2).
 */
import { FieldworkError } from "./error-catalogue";

export const DOCTYPES = ["v0_form", "v0_site", "v0_schema", "v0_bucket", "v0_canvas"] as const;
export type Doctype = (typeof DOCTYPES)[number];

export function assertDoctype(value: unknown): asserts value is Doctype {
  if (!(DOCTYPES as readonly unknown[]).includes(value)) {
    throw new FieldworkError("UNSUPPORTED_DOCTYPE", `Unsupported doctype ${JSON.stringify(value)}; use one of ${DOCTYPES.join(", ")}.`);
  }
}

export const DOCTYPE_LABELS: Record<Doctype, string> = {
  v0_form: "Form", v0_site: "Site", v0_schema: "Database", v0_bucket: "Storage bucket", v0_canvas: "Canvas",
};

export type SidebarMode = "build" | "data" | "project";

export interface SidebarModes {
  /** The mode a document opens in. */
  initial: SidebarMode;
  enabled: Record<SidebarMode, boolean>;
}

/** Forms and sites open in build mode, schemas in data mode, a bucket in project mode with build and data disabled, a canvas build only. */
export function sidebarModesOf(doctype: Doctype): SidebarModes {
  switch (doctype) {
    case "v0_form": case "v0_site": return { initial: "build", enabled: { build: true, data: true, project: true } };
    case "v0_schema": return { initial: "data", enabled: { build: true, data: true, project: true } };
    case "v0_bucket": return { initial: "project", enabled: { build: false, data: false, project: true } };
    case "v0_canvas": return { initial: "build", enabled: { build: true, data: false, project: false } };
  }
}

/** The suffixes after `/{document_id}` (spec 2 §2); `{tablename}` and `{path}` are placeholders. */
export const EDITOR_ROUTE_SUFFIXES = [
  "", "form", "form/edit", "form/start", "form/end", "settings", "objects", "objects/{path}", "design", "canvas",
  "data", "data/responses", "data/responses/sessions", "data/customers", "data/analytics", "data/simulator",
  "data/x/auth.users", "connect", "connect/share", "connect/parameters", "connect/customer", "connect/channels",
  "connect/store", "connect/store/get-started", "connect/store/products", "connect/database/supabase",
  "data/table/~new", "data/table/{tablename}", "data/table/{tablename}/definition",
] as const;

function matchesSuffix(pattern: string, suffix: string): boolean {
  if (pattern === "objects/{path}") return suffix.startsWith("objects/") && suffix.length > "objects/".length;
  const p = pattern.split("/"), s = suffix.split("/");
  return p.length === s.length && p.every((part, i) => part === s[i] || (part === "{tablename}" && s[i] !== "" && s[i] !== "~new"));
}

export interface EditorRoute {
  /** `{org}/{project}`, or the supplied basepath. */
  basepath: string;
  org: string | null;
  project: string | null;
  document_id: string;
  /** The part after the document id, without leading or trailing slashes ("" for the root). */
  suffix: string;
  /** The pattern of EDITOR_ROUTE_SUFFIXES the suffix matched. */
  pattern: (typeof EDITOR_ROUTE_SUFFIXES)[number];
}

/**
 * Reads a workbench path. With `basepath` the document id follows it; otherwise the first
 * two segments are the organization and the project names. Unknown suffixes give null.
 */
export function parseEditorRoute(pathname: string, basepath?: string): EditorRoute | null {
  const clean = `/${pathname.split(/[?#]/)[0]!.split("/").filter(Boolean).map(decodeURIComponent).join("/")}`;
  let base: string, org: string | null = null, project: string | null = null, rest: string[];
  if (basepath) {
    base = `/${basepath.split("/").filter(Boolean).join("/")}`;
    if (clean !== base && !clean.startsWith(`${base}/`)) return null;
    rest = clean.slice(base.length).split("/").filter(Boolean);
  } else {
    const parts = clean.split("/").filter(Boolean);
    if (parts.length < 3) return null;
    [org, project] = [parts[0]!, parts[1]!];
    base = `/${org}/${project}`;
    rest = parts.slice(2);
  }
  const [document_id, ...tail] = rest;
  if (!document_id) return null;
  const suffix = tail.join("/");
  const pattern = EDITOR_ROUTE_SUFFIXES.find((p) => matchesSuffix(p, suffix));
  if (pattern === undefined) return null;
  return { basepath: base, org, project, document_id, suffix, pattern };
}

export function editorPath(basepath: string, document_id: string, suffix = ""): string {
  const base = `/${basepath.split("/").filter(Boolean).join("/")}`;
  return `${base}/${encodeURIComponent(document_id)}${suffix ? `/${suffix.replace(/^\/+|\/+$/g, "")}` : ""}`;
}

/** Names of organizations and projects: URL slugs, since they form the workbench path. */
export const SLUG = /^[a-z0-9][a-z0-9-]{1,38}$/;
export const RESERVED_SLUGS = new Set([
  "d", "e", "v1", "api", "private", "assets", "submit", "internal", "healthz", "sign-in", "sign-up", "sign-out",
  "new", "settings", "account", "admin", "docs", "static", "invite",
]);

export function slugProblem(name: string): string | null {
  if (!SLUG.test(name)) return "Use 2–39 lowercase letters, digits and dashes, starting with a letter or digit.";
  if (RESERVED_SLUGS.has(name)) return `"${name}" is reserved.`;
  return null;
}
