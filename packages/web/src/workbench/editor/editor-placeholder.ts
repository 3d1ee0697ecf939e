/**
 * What the editor's main area says for a document type, mode and route suffix. The editors
 * themselves come in later releases: the workbench says so plainly instead of drawing a
 * fake editor or fake rows.
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

const formNote = " Until then the form works as it is: publish it, then open its public link to fill it in.";

export function editorPlaceholder(doctype: Doctype, mode: SidebarMode, pattern: SuffixPattern): Placeholder {
  const enabled = sidebarModesOf(doctype).enabled;
  const routeMode = modeOfPattern(pattern);
  if (routeMode && !enabled[routeMode]) {
    return { title: `Not available for a ${DOCTYPE_LABELS[doctype].toLowerCase()}`, body: modeDisabledReason(doctype, routeMode), unavailable: true };
  }
  if (pattern === "form/start") {
    return { title: "Cover page", body: "Cover pages are listed but not available yet.", unavailable: true };
  }
  const title = pattern === "" ? ROOT_TITLES[mode][doctype] || `${MODE_LABELS[mode]} view` : PAGE_TITLES[pattern];
  const note = doctype === "v0_form" ? formNote : "";
  return { title, body: `The ${title.charAt(0).toLowerCase()}${title.slice(1)} is coming in a later release.${note}`, unavailable: false };
}
