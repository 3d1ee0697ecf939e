/** @jsxRuntime automatic */
import { useState } from "react";
import { ChevronRight, FolderClosed, Plus } from "lucide-react";
import { Button } from "../../ui/button";
import { Card, CardHeader } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import type { Me } from "../api/types";
import { canCreateProject, canManageMembers, ROLE_LABELS, whyNoProject } from "../permissions";
import { Link } from "../router/link";
import { organizationPath, projectPath } from "../router/routes";
import { findOrganization } from "../session/lookup";
import { NotFoundState, PageBody, PageHeader } from "../shell/page";
import { WorkspaceFrame } from "../shell/workspace-frame";
import { MembersSection } from "./members-section";
import { NewProjectDialog } from "./new-project-dialog";
import { OrganizationSettings } from "./organization-settings";

/** `/{org}`: the organization's projects (owners create them) and its members. */
export function OrganizationPage({ me, orgName }: { me: Me; orgName: string }) {
  const [creating, setCreating] = useState(false);
  const org = findOrganization(me, orgName);
  if (!org) {
    return (
      <WorkspaceFrame me={me} crumbs={[{ label: "Organizations", href: "/" }, { label: orgName }]}>
        <NotFoundState title="Organization not found">There is no organization /{orgName}, or you are not one of its members.</NotFoundState>
      </WorkspaceFrame>
    );
  }
  const owner = canCreateProject(org.role);
  const why = whyNoProject(org.role);
  return (
    <WorkspaceFrame me={me} crumbs={[{ label: org.display_name || org.name, href: organizationPath(org.name) }]}>
      <PageBody>
        <PageHeader
          title={org.display_name || org.name}
          description={`/${org.name} · ${ROLE_LABELS[org.role]}`}
          actions={
            <Button
              variant="primary"
              aria-disabled={owner ? undefined : true}
              title={why ?? undefined}
              onClick={() => owner && setCreating(true)}
            >
              <Plus aria-hidden="true" />
              New project
            </Button>
          }
        />
        <Card aria-labelledby="projects-title">
          <CardHeader id="projects-title" title="Projects" description={why ?? `${org.projects.length} ${org.projects.length === 1 ? "project" : "projects"}`} />
          {org.projects.length ? (
            <ul className="py-1">
              {org.projects.map((project) => (
                <li key={project.id}>
                  <Link href={projectPath(org.name, project.name)} className="focus-ring group flex h-11 items-center gap-3 px-4 text-sm text-fg hover:bg-subtle">
                    <FolderClosed aria-hidden="true" strokeWidth={1.75} className="size-4 text-muted" />
                    <span className="min-w-0 flex-1 truncate font-medium">{project.name}</span>
                    <span className="hidden font-mono text-xs text-faint sm:inline">/{org.name}/{project.name}</span>
                    <ChevronRight aria-hidden="true" className="size-4 text-faint transition-transform group-hover:translate-x-0.5" />
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              icon={FolderClosed}
              title="No projects yet"
              action={owner ? <Button size="sm" onClick={() => setCreating(true)}><Plus aria-hidden="true" />New project</Button> : null}
            >
              {owner ? "A project groups forms, sites, databases, buckets and canvases." : "Projects the owners create show up here."}
            </EmptyState>
          )}
        </Card>
        <MembersSection org={org} me={me} manage={canManageMembers(org.role)} />
        {owner ? <OrganizationSettings org={org} csrf_token={me.csrf_token} /> : null}
      </PageBody>
      {owner ? <NewProjectDialog open={creating} onClose={() => setCreating(false)} org={org} csrf_token={me.csrf_token} /> : null}
    </WorkspaceFrame>
  );
}
