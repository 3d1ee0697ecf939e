/**
 * What the editor's main area says for a route whose page is not built (a site's, database's
 * or canvas's editor, a form's database connection reached by its address): one
 * plain sentence, `NOT_BUILT`, instead of a fake editor, fake rows or a promise of a release.
 * The workbench does not link to these pages; an address typed or kept from elsewhere lands here.
 */
import { DOCTYPE_LABELS, sidebarModesOf, type Doctype, type SidebarMode } from "@fieldwork/core";
import { MODE_LABELS, modeDisabledReason, modeOfPattern, type SuffixPattern } from "./editor-nav";

export interface Placeholder {
  title: string;
  body: string;
  /** The route exists but is not offered (cover page, a mode the type lacks). */
  unavailable: boolean;
}

const PAGE_TITLES: Record<SuffixPattern, string> = {
  "": "",
  form: "Form",
  "form/edit": "Form editor",
  "form/start": "Cover page",
  "form/end": "Ending page",
  settings: "Settings",
  objects: "File browser",
  "objects/{path}": "File browser",
  design: "Design",
  canvas: "Canvas",
  data: "Data",
  "data/responses": "Responses table",
  "data/responses/sessions": "Sessions table",
  "data/customers": "Customers table",
  "data/analytics": "Realtime analytics",
  "data/simulator": "Simulator",
  "data/x/auth.users": "Auth users table",
  connect: "Connect",
  "connect/share": "Sharing",
  "connect/parameters": "URL parameters",
  "connect/customer": "Customer identity",
  "connect/channels": "Channels",
  "connect/store": "Store",
  "connect/store/get-started": "Store setup",
  "connect/store/products": "Products",
  "connect/database/supabase": "Database connection",
  "data/table/~new": "New table",
  "data/table/{tablename}": "Table view",
  "data/table/{tablename}/definition": "Definition & API",
};

/** The editor of a mode for each type, shown at the document's root. */
const ROOT_TITLES: Record<SidebarMode, Record<Doctype, string>> = {
  build: { v0_form: "Form editor", v0_site: "Site editor", v0_schema: "Schema editor", v0_bucket: "", v0_canvas: "Canvas editor" },
  data: { v0_form: "Responses table", v0_site: "Data view", v0_schema: "Table editor", v0_bucket: "", v0_canvas: "" },
  project: { v0_form: "Project view", v0_site: "Project view", v0_schema: "Project view", v0_bucket: "File browser", v0_canvas: "" },
};

/** The one sentence for anything not built. */
export const NOT_BUILT = "This is not part of this version of Fieldwork.";

export function editorPlaceholder(doctype: Doctype, mode: SidebarMode, pattern: SuffixPattern): Placeholder {
  const enabled = sidebarModesOf(doctype).enabled;
  const routeMode = modeOfPattern(pattern);
  if (routeMode && !enabled[routeMode]) {
    return { title: `Not available for a ${DOCTYPE_LABELS[doctype].toLowerCase()}`, body: modeDisabledReason(doctype, routeMode), unavailable: true };
  }
  const title = pattern === "" ? ROOT_TITLES[mode][doctype] || `${MODE_LABELS[mode]} view` : PAGE_TITLES[pattern];
  return { title, body: NOT_BUILT, unavailable: false };
}
