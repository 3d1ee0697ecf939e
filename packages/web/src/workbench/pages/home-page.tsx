/** @jsxRuntime automatic */
import { useState } from "react";
import { Building2, ChevronRight, FolderClosed, Plus } from "lucide-react";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card, CardHeader } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import type { Me, OrganizationRef } from "../api/types";
import { ROLE_LABELS } from "../permissions";
import { Link } from "../router/link";
import { organizationPath, projectPath } from "../router/routes";
import { PageBody, PageHeader } from "../shell/page";
import { WorkspaceFrame } from "../shell/workspace-frame";
import { MyInvitations } from "./my-invitations";
import { NewOrganizationDialog } from "./new-organization-dialog";

function OrganizationCard({ org }: { org: OrganizationRef }) {
  return (
    <Card aria-labelledby={`org-${org.id}`}>
      <CardHeader
        id={`org-${org.id}`}
        title={<Link href={organizationPath(org.name)} className="focus-ring rounded hover:underline underline-offset-4">{org.display_name || org.name}</Link>}
        description={`/${org.name}`}
        actions={<Badge>{ROLE_LABELS[org.role]}</Badge>}
      />
      {org.projects.length ? (
        <ul className="py-1">
          {org.projects.map((project) => (
            <li key={project.id}>
              <Link href={projectPath(org.name, project.name)} className="focus-ring group flex h-10 items-center gap-3 px-4 text-sm text-fg hover:bg-subtle">
                <FolderClosed aria-hidden="true" strokeWidth={1.75} className="size-4 text-muted" />
                <span className="min-w-0 flex-1 truncate">{project.name}</span>
                <ChevronRight aria-hidden="true" className="size-4 text-faint transition-transform group-hover:translate-x-0.5" />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="flex h-12 items-center px-4 text-sm text-muted">
          No projects yet.{" "}
          {org.role === "owner" ? <Link href={organizationPath(org.name)} className="focus-ring ml-1 rounded font-medium text-fg hover:underline underline-offset-4">Create one</Link> : null}
        </p>
      )}
    </Card>
  );
}

/** `/`: your organizations with their projects, and a new one. */
export function HomePage({ me }: { me: Me }) {
  const [creating, setCreating] = useState(false);
  const create = (
    <Button variant="primary" onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      New organization
    </Button>
  );
  const orgs = me.organizations;
  return (
    <WorkspaceFrame me={me} crumbs={[{ label: "Organizations" }]}>
      <PageBody>
        <PageHeader title="Organizations" description={orgs.length ? "Organizations you belong to and their projects." : `Welcome, ${me.profile?.display_name || me.user.name}.`} actions={orgs.length ? create : null} />
        <MyInvitations csrf_token={me.csrf_token} />
        {orgs.length ? (
          <div className="grid items-start gap-4 md:grid-cols-2">
            {orgs.map((org) => <OrganizationCard key={org.id} org={org} />)}
          </div>
        ) : (
          <Card>
            <EmptyState icon={Building2} title="Create your first organization" action={create}>
              An organization holds your projects, their forms and data, and the people who work on them.
            </EmptyState>
          </Card>
        )}
      </PageBody>
      <NewOrganizationDialog open={creating} onClose={() => setCreating(false)} csrf_token={me.csrf_token} />
    </WorkspaceFrame>
  );
}
