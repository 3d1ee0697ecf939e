/** @jsxRuntime automatic */
import type { ReactNode } from "react";
import type { Me } from "../api/types";
import { useLocation } from "../router/history";
import { AppFrame } from "./app-frame";
import { Breadcrumb, type Crumb } from "./breadcrumb";
import { WorkspaceNav } from "./workspace-nav";

/** The frame of the pages outside the editor: organizations in the sidebar, a breadcrumb. */
export function WorkspaceFrame({ me, crumbs, children }: { me: Me; crumbs: Crumb[]; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <AppFrame me={me} sidebar={<WorkspaceNav me={me} pathname={pathname} />} header={<Breadcrumb items={crumbs} />}>
      {children}
    </AppFrame>
  );
}
