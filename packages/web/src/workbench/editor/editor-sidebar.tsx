/** @jsxRuntime automatic */
/**
 * The editor's sidebar: the document, the Build / Data / Project switch (disabled modes
 * stay visible with the reason in their tooltip) and the selected mode's pages.
 */
import { useId, useRef, type KeyboardEvent } from "react";
import { DOCTYPE_LABELS, editorPath, sidebarModesOf, type SidebarMode } from "@fieldwork/core";
import {
  Activity, Braces, Database, ExternalLink, FileText, Flag, FlaskConical, FolderOpen, History, LayoutTemplate, Palette,
  Package, Radio, Settings, Shapes, Share2, Store, Table2, TableProperties, UserRound, Users, type LucideIcon,
} from "lucide-react";
import { cn } from "../../ui/cn";
import { Skeleton } from "../../ui/skeleton";
import { fetchDocuments } from "../api/documents";
import type { EditorDocument } from "../api/types";
import { DoctypeIcon } from "../doctype-icon";
import { NavHeading, NavLink, navItemClass } from "../shell/nav-link";
import { useResource } from "../session/use-resource";
import { useSchemaTables } from "./use-schema-tables";
import { editorNav, MODE_LABELS, MODES, modeDisabledReason, type NavGroup, type NavIcon, type SuffixPattern } from "./editor-nav";

const NAV_ICONS: Record<NavIcon, LucideIcon> = {
  cover: LayoutTemplate, page: FileText, ending: Flag, theme: Palette, share: Share2, parameters: Braces,
  customer: UserRound, channels: Radio, store: Store, products: Package, database: Database, settings: Settings, table: Table2,
  sessions: History, customers: Users, analytics: Activity, simulator: FlaskConical, "new-table": TableProperties,
  canvas: Shapes, objects: FolderOpen,
};

function ItemIcon({ icon }: { icon: NavIcon }) {
  const Icon = NAV_ICONS[icon];
  return <Icon aria-hidden="true" strokeWidth={1.75} className="size-4 shrink-0" />;
}

export interface EditorSidebarProps {
  document: EditorDocument;
  /** `/{org}/{project}`. */
  basepath: string;
  pattern: SuffixPattern;
  suffix: string;
  mode: SidebarMode;
  onMode: (mode: SidebarMode) => void;
}

function DocumentHeading({ document }: { document: EditorDocument }) {
  return (
    <div className="flex h-12 items-center gap-3 px-2">
      <span className="grid size-8 shrink-0 place-items-center rounded-md border border-line bg-card">
        <DoctypeIcon doctype={document.doctype} />
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-fg">{document.title}</p>
        <p className="truncate text-xs text-muted">{DOCTYPE_LABELS[document.doctype]}</p>
      </div>
    </div>
  );
}

function ModeSwitch({ document, mode, onMode, ids }: Pick<EditorSidebarProps, "document" | "mode" | "onMode"> & { ids: { tab: (m: SidebarMode) => string; panel: string } }) {
  const enabled = sidebarModesOf(document.doctype).enabled;
  const refs = useRef<Partial<Record<SidebarMode, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const available = MODES.filter((m) => enabled[m]);
    const next = available[(available.indexOf(mode) + step + available.length) % available.length]!;
    onMode(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Sidebar mode" onKeyDown={onKeyDown} className="grid h-8 grid-cols-3 gap-0.5 rounded-md border border-line bg-subtle p-0.5">
      {MODES.map((m) => {
        const on = enabled[m];
        const selected = m === mode;
        return (
          <button
            key={m}
            ref={(el) => void (refs.current[m] = el)}
            type="button"
            role="tab"
            id={ids.tab(m)}
            aria-selected={selected}
            aria-controls={ids.panel}
            aria-disabled={on ? undefined : true}
            tabIndex={selected ? 0 : -1}
            title={on ? undefined : modeDisabledReason(document.doctype, m)}
            onClick={() => on && onMode(m)}
            className={cn(
              "focus-ring rounded text-xs font-medium transition-colors",
              selected ? "bg-raised text-fg shadow-xs" : "text-muted",
              on ? "cursor-pointer hover:text-fg" : "cursor-not-allowed opacity-45",
            )}
          >
            {MODE_LABELS[m]}
          </button>
        );
      })}
    </div>
  );
}

function NavGroups({ groups, basepath, document, suffix }: { groups: NavGroup[]; basepath: string; document: EditorDocument; suffix: string }) {
  return groups.map((group) => (
    <div key={group.label} className="flex flex-col gap-px">
      <NavHeading>{group.label}</NavHeading>
      {group.items.length === 0 && group.empty ? <p className="px-2 text-xs text-faint">{group.empty}</p> : null}
      {group.items.map((item) => {
        const href = editorPath(basepath, document.id, item.suffix);
        if (item.disabled) {
          return (
            <span key={item.suffix} aria-disabled="true" title={item.disabled} className={cn(navItemClass(false), "cursor-not-allowed opacity-50 hover:bg-transparent hover:text-muted")}>
              <ItemIcon icon={item.icon} />
              <span className="min-w-0 flex-1 truncate">{item.label}</span>
            </span>
          );
        }
        if (item.newTab) {
          return (
            <a key={item.suffix} href={href} target="_blank" rel="noopener" className={navItemClass(false)}>
              <ItemIcon icon={item.icon} />
              <span className="min-w-0 flex-1 truncate">{item.label}</span>
              <ExternalLink aria-hidden="true" className="size-3.5 text-faint" />
            </a>
          );
        }
        return (
          <NavLink key={item.suffix} href={href} active={suffix === item.suffix} icon={<ItemIcon icon={item.icon} />}>
            {item.label}
          </NavLink>
        );
      })}
    </div>
  ));
}

function ProjectDocuments({ document, basepath }: { document: EditorDocument; basepath: string }) {
  const { state } = useResource(document.project_id, (signal) => fetchDocuments(document.project_id, signal));
  return (
    <div className="flex flex-col gap-px">
      <NavHeading>Documents</NavHeading>
      {state.status === "ready" ? (
        state.data.map((doc) => (
          <NavLink key={doc.id} href={editorPath(basepath, doc.id)} active={doc.id === document.id} icon={<DoctypeIcon doctype={doc.doctype} />}>
            {doc.title}
          </NavLink>
        ))
      ) : state.status === "failed" ? (
        <p className="px-2 text-xs text-danger">{state.message}</p>
      ) : (
        [0, 1, 2].map((i) => <div key={i} className="flex h-8 items-center gap-2 px-2"><Skeleton className="size-4 rounded" /><Skeleton className="h-4 w-28" /></div>)
      )}
    </div>
  );
}

/** A schema document's table names, in data mode. */
function useSchemaTableNames(document: EditorDocument, mode: SidebarMode): string[] {
  const { state } = useSchemaTables(document.doctype === "v0_schema" && mode === "data" ? document.id : null);
  return state.status === "ready" ? state.data.map((t) => t.name) : [];
}

export function EditorSidebar(props: EditorSidebarProps) {
  const { document, basepath, pattern, suffix, mode } = props;
  const tables = useSchemaTableNames(document, mode);
  const groups = editorNav(document.doctype, mode, pattern, tables);
  // The sidebar renders twice (desktop column, mobile sheet): ids must be unique per copy.
  const base = useId();
  const ids = { tab: (m: SidebarMode) => `${base}-${m}`, panel: `${base}-panel` };
  return (
    <div className="flex flex-col gap-3">
      <DocumentHeading document={document} />
      <ModeSwitch document={document} mode={mode} onMode={props.onMode} ids={ids} />
      <div id={ids.panel} role="tabpanel" aria-labelledby={ids.tab(mode)} className="flex flex-col gap-3">
        <NavGroups groups={groups} basepath={basepath} document={document} suffix={suffix} />
        {mode === "project" ? <ProjectDocuments document={document} basepath={basepath} /> : null}
      </div>
    </div>
  );
}
