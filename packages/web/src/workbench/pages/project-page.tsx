/** @jsxRuntime automatic */
import { useState } from "react";
import { FileText, Plus } from "lucide-react";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { fetchDocuments } from "../api/documents";
import type { Me } from "../api/types";
import { canCreateDocument, canEditDocuments, canManageApiKeys, canManageProject } from "../permissions";
import { organizationPath, projectPath } from "../router/routes";
import { findProject } from "../session/lookup";
import { useResource } from "../session/use-resource";
import { LoadError, NotFoundState, PageBody, PageHeader } from "../shell/page";
import { WorkspaceFrame } from "../shell/workspace-frame";
import { ApiKeysSection } from "./api-keys-section";
import { DatabasesSection } from "./databases/databases-section";
import { filterDocuments, type DocumentAction } from "./document-actions";
import { DocumentDialogs } from "./document-dialogs";
import { DocumentsFilter, DocumentsTable } from "./documents-table";
import { NewDocumentDialog } from "./new-document-dialog";
import { ProjectSettings } from "./project-settings";

/**
 * `/{org}/{project}`: the project's documents ("New document", Rename and Delete for editors
 * and owners) and, for owners, its API keys.
 */
export function ProjectPage({ me, orgName, projectName }: { me: Me; orgName: string; projectName: string }) {
  const [creating, setCreating] = useState(false);
  const [action, setAction] = useState<DocumentAction | null>(null);
  const [query, setQuery] = useState("");
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
  const shown = state.status === "ready" ? filterDocuments(state.data, query) : null;
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
              {canCreate ? "Create a form to start collecting responses." : "You can view this project. Ask an owner or editor to add documents."}
            </EmptyState>
          ) : (
            <>
              <DocumentsFilter query={query} onQuery={setQuery} />
              {shown?.length === 0 ? (
                <p role="status" className="px-4 py-10 text-center text-sm text-muted">No documents match “{query}”.</p>
              ) : (
                <DocumentsTable
                  documents={shown}
                  basepath={`${org.name}/${project.name}`}
                  onAction={canEditDocuments(org.role) ? setAction : undefined}
                />
              )}
            </>
          )}
        </Card>
        <DatabasesSection project_id={project.id} canEdit={canEditDocuments(org.role)} csrf_token={me.csrf_token} />
        {canManageApiKeys(org.role) ? <ApiKeysSection project={project} csrf_token={me.csrf_token} /> : null}
        {canManageProject(org.role) ? (
          <ProjectSettings org={org} project={project} documents={state.status === "ready" ? state.data.length : null} csrf_token={me.csrf_token} />
        ) : null}
      </PageBody>
      {canCreate ? (
        <>
          <NewDocumentDialog open={creating} onClose={() => setCreating(false)} target={{ org: org.name, project: project.name, project_id: project.id, csrf_token: me.csrf_token }} />
          <DocumentDialogs action={action} onClose={() => setAction(null)} csrf_token={me.csrf_token} onChanged={reload} />
        </>
      ) : null}
    </WorkspaceFrame>
  );
}
