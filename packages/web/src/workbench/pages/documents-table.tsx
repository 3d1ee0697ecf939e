/** @jsxRuntime automatic */
import { DOCTYPE_LABELS, editorPath } from "@fieldwork/core";
import { Pencil, Search, Trash2 } from "lucide-react";
import { Badge } from "../../ui/badge";
import { RowMenu } from "../../ui/row-menu";
import { Skeleton } from "../../ui/skeleton";
import type { DocumentSummary } from "../api/types";
import { DoctypeIcon } from "../doctype-icon";
import { formatFullTime, formatRelativeTime } from "../format-time";
import { Link } from "../router/link";
import { documentTitle, type DocumentAction } from "./document-actions";

const HEAD = "h-9 px-4 text-left text-xs font-medium text-muted";

/** The search box above the list: filters by title and type as you type. */
export function DocumentsFilter({ query, onQuery }: { query: string; onQuery: (query: string) => void }) {
  return (
    <div className="relative border-b border-line">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted" />
      <input
        type="search"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        aria-label="Filter documents"
        placeholder="Filter by name or type"
        className="h-10 w-full bg-transparent pr-4 pl-10 text-sm text-fg outline-none placeholder:text-faint focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset"
      />
    </div>
  );
}
const CELL = "h-11 px-4";

/**
 * A project's documents: each row is a link to its editor; `onAction` (editors and owners)
 * adds a "⋯" menu with Rename and Delete. `documents` null draws the skeleton rows.
 */
export function DocumentsTable({ documents, basepath, onAction }: { documents: DocumentSummary[] | null; basepath: string; onAction?: (action: DocumentAction) => void }) {
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <thead className="border-b border-line bg-subtle/60">
        <tr>
          <th scope="col" className={HEAD}>Name</th>
          <th scope="col" className={`${HEAD} hidden w-40 sm:table-cell`}>Type</th>
          <th scope="col" className={`${HEAD} w-28 text-right sm:w-40`}>Updated</th>
          {onAction ? <th scope="col" className="w-14"><span className="sr-only">Actions</span></th> : null}
        </tr>
      </thead>
      <tbody>
        {documents
          ? documents.map((doc) => (
              <tr key={doc.id} className="relative border-b border-line last:border-b-0 hover:bg-subtle focus-within:bg-subtle">
                <td className={CELL}>
                  <div className="flex min-w-0 items-center gap-3">
                    <DoctypeIcon doctype={doc.doctype} />
                    <Link href={editorPath(basepath, doc.id)} className="min-w-0 truncate font-medium text-fg outline-none after:absolute after:inset-0 after:content-[''] focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-accent">
                      {documentTitle(doc)}
                    </Link>
                    {doc.published === false ? <Badge className="shrink-0">Draft</Badge> : null}
                  </div>
                </td>
                <td className={`${CELL} hidden text-muted sm:table-cell`}>{DOCTYPE_LABELS[doc.doctype]}</td>
                <td className={`${CELL} truncate text-right text-muted tabular-nums`}>
                  <time dateTime={doc.updated_at} title={formatFullTime(doc.updated_at)}>{formatRelativeTime(doc.updated_at)}</time>
                </td>
                {onAction ? (
                  <td className="h-11 pr-3 text-right">
                    <div className="flex justify-end">
                      <RowMenu
                        label={`Actions for ${documentTitle(doc)}`}
                        items={[
                          { label: "Rename", icon: Pencil, onSelect: () => onAction({ kind: "rename", doc }) },
                          { label: "Delete", icon: Trash2, tone: "danger", onSelect: () => onAction({ kind: "delete", doc }) },
                        ]}
                      />
                    </div>
                  </td>
                ) : null}
              </tr>
            ))
          : [0, 1, 2, 3].map((i) => (
              <tr key={i} aria-hidden="true" className="border-b border-line last:border-b-0">
                <td className={CELL}><div className="flex items-center gap-3"><Skeleton className="size-4 rounded" /><Skeleton className={`h-4 ${["w-48", "w-36", "w-56", "w-40"][i]}`} /></div></td>
                <td className={`${CELL} hidden sm:table-cell`}><Skeleton className="h-4 w-16" /></td>
                <td className={CELL}><Skeleton className="ml-auto h-4 w-20" /></td>
                {onAction ? <td /> : null}
              </tr>
            ))}
      </tbody>
    </table>
  );
}
