/** @jsxRuntime automatic */
import { Building2, FolderClosed, LayoutGrid } from "lucide-react";
import { Skeleton } from "../../ui/skeleton";
import type { Me } from "../api/types";
import { organizationPath, projectPath } from "../router/routes";
import { NavHeading, NavLink } from "./nav-link";

/** The sidebar outside the editor: every organization you belong to, with its projects. */
export function WorkspaceNav({ me, pathname }: { me: Me; pathname: string }) {
  return (
    <nav aria-label="Organizations" className="flex flex-col gap-px">
      <NavLink href="/" icon={<LayoutGrid strokeWidth={1.75} />} active={pathname === "/"}>All organizations</NavLink>
      {me.organizations.map((org) => (
        <div key={org.id} className="mt-4 flex flex-col gap-px">
          <NavHeading>
            <span className="truncate">{org.display_name || org.name}</span>
          </NavHeading>
          <NavLink href={organizationPath(org.name)} icon={<Building2 strokeWidth={1.75} />} active={pathname === organizationPath(org.name)}>Overview</NavLink>
          {org.projects.map((project) => {
            const href = projectPath(org.name, project.name);
            return (
              <NavLink key={project.id} href={href} icon={<FolderClosed strokeWidth={1.75} />} active={pathname === href || pathname.startsWith(`${href}/`)}>
                {project.name}
              </NavLink>
            );
          })}
        </div>
      ))}
    </nav>
  );
}

/** The same nav while `/me` loads. */
export function NavSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-px">
      <div className="flex h-8 items-center gap-2 px-2"><Skeleton className="size-4 rounded" /><Skeleton className="h-4 w-32" /></div>
      <div className="mt-4 flex h-8 items-center px-2"><Skeleton className="h-3 w-20" /></div>
      {["w-24", "w-28", "w-20"].map((w) => (
        <div key={w} className="flex h-8 items-center gap-2 px-2"><Skeleton className="size-4 rounded" /><Skeleton className={`h-4 ${w}`} /></div>
      ))}
    </div>
  );
}
