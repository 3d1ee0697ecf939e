/** @jsxRuntime automatic */
import { useState } from "react";
import { DOCTYPE_LABELS, editorPath } from "@fieldwork/core";
import { FileText, Plus } from "lucide-react";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { fetchDocuments } from "../api/documents";
import type { DocumentSummary, Me } from "../api/types";
import { DoctypeIcon } from "../doctype-icon";
import { formatFullTime, formatRelativeTime } from "../format-time";
import { canCreateDocument } from "../permissions";
import { Link } from "../router/link";
import { organizationPath, projectPath } from "../router/routes";
import { findProject } from "../session/lookup";
import { useResource } from "../session/use-resource";
import { LoadError, NotFoundState, PageBody, PageHeader } from "../shell/page";
import { WorkspaceFrame } from "../shell/workspace-frame";
import { NewDocumentDialog } from "./new-document-dialog";

const HEAD = "h-9 px-4 text-left text-xs font-medium text-muted";
const CELL = "h-11 px-4";

function DocumentsTable({ documents, basepath }: { documents: DocumentSummary[] | null; basepath: string }) {
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <thead className="border-b border-line bg-subtle/60">
        <tr>
          <th scope="col" className={HEAD}>Name</th>
          <th scope="col" className={`${HEAD} hidden w-40 sm:table-cell`}>Type</th>
          <th scope="col" className={`${HEAD} w-32 text-right sm:w-40`}>Updated</th>
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
                      {doc.title || `Untitled ${DOCTYPE_LABELS[doc.doctype].toLowerCase()}`}
                    </Link>
                  </div>
                </td>
                <td className={`${CELL} hidden text-muted sm:table-cell`}>{DOCTYPE_LABELS[doc.doctype]}</td>
                <td className={`${CELL} text-right text-muted tabular-nums`}>
                  <time dateTime={doc.updated_at} title={formatFullTime(doc.updated_at)}>{formatRelativeTime(doc.updated_at)}</time>
                </td>
              </tr>
            ))
          : [0, 1, 2, 3].map((i) => (
              <tr key={i} aria-hidden="true" className="border-b border-line last:border-b-0">
                <td className={CELL}><div className="flex items-center gap-3"><Skeleton className="size-4 rounded" /><Skeleton className={`h-4 ${["w-48", "w-36", "w-56", "w-40"][i]}`} /></div></td>
                <td className={`${CELL} hidden sm:table-cell`}><Skeleton className="h-4 w-16" /></td>
                <td className={CELL}><Skeleton className="ml-auto h-4 w-20" /></td>
              </tr>
            ))}
      </tbody>
    </table>
  );
}

/** `/{org}/{project}`: the project's documents and "New document" (editors and owners). */
export function ProjectPage({ me, orgName, projectName }: { me: Me; orgName: string; projectName: string }) {
  const [creating, setCreating] = useState(false);
  const found = findProject(me, orgName, projectName);
  const { state, reload } = useResource(found?.project.id ?? null, (signal) => fetchDocuments(found!.project.id, signal));
  if (!found) {
    return (
      <WorkspaceFrame me={me} crumbs={[{ label: orgName, href: organizationPath(orgName) }, { label: projectName }]}>
        <NotFoundState title="Project not found">There is no project /{orgName}/{projectName}, or you are not a member of its organization.</NotFoundState>
      </WorkspaceFrame>
    );
  }
  const { org, project } = found;
  const canCreate = canCreateDocument(org.role);
  const create = canCreate ? (
    <Button variant="primary" onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      New document
    </Button>
  ) : null;
  const count = state.status === "ready" ? `${state.data.length} ${state.data.length === 1 ? "document" : "documents"}` : "\u00a0";
  return (
    <WorkspaceFrame me={me} crumbs={[{ label: org.display_name || org.name, href: organizationPath(org.name) }, { label: project.name, href: projectPath(org.name, project.name) }]}>
      <PageBody>
        <PageHeader title={project.name} description={count} actions={create} />
        <Card className="overflow-hidden">
          {state.status === "failed" ? (
            <LoadError message={state.message} onRetry={reload} />
          ) : state.status === "ready" && state.data.length === 0 ? (
            <EmptyState icon={FileText} title="No documents yet" action={canCreate ? <Button size="sm" onClick={() => setCreating(true)}><Plus aria-hidden="true" />New document</Button> : null}>
              {canCreate ? "Create a form to start collecting responses, or a site, database, storage bucket or canvas." : "You can view this project. Ask an owner or editor to add documents."}
            </EmptyState>
          ) : (
            <DocumentsTable documents={state.status === "ready" ? state.data : null} basepath={`${org.name}/${project.name}`} />
          )}
        </Card>
      </PageBody>
      {canCreate ? (
        <NewDocumentDialog open={creating} onClose={() => setCreating(false)} target={{ org: org.name, project: project.name, project_id: project.id, csrf_token: me.csrf_token }} />
      ) : null}
    </WorkspaceFrame>
  );
}
