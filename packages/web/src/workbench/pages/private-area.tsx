/** @jsxRuntime automatic */
/**
 * Every page that needs a session: loads `/me` (401 leaves for /sign-in?next=…), shows the
 * frame's skeleton meanwhile, then the page of the route.
 */
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { CircleAlert } from "lucide-react";
import { EditorPage } from "../editor/editor-page";
import type { Route } from "../router/routes";
import { useLoadSession, useSession } from "../session/session-context";
import { AppFrame } from "../shell/app-frame";
import { BreadcrumbSkeleton } from "../shell/breadcrumb";
import { FrameSkeleton } from "../shell/frame-skeleton";
import { NotFoundState } from "../shell/page";
import { NavSkeleton } from "../shell/workspace-nav";
import { WorkspaceFrame } from "../shell/workspace-frame";
import { AccountPage } from "./account-page";
import { HomePage } from "./home-page";
import { InvitePage } from "./invite-page";
import { OrganizationPage } from "./organization-page";
import { ProjectPage } from "./project-page";

type PrivateRoute = Exclude<Route, { name: "sign-in" } | { name: "sign-up" }>;

export function PrivateArea({ route }: { route: PrivateRoute }) {
  const session = useLoadSession();
  const { retry } = useSession();
  const me = session.me;
  if (!me) {
    if (session.status === "failed") {
      return (
        <AppFrame me={null} sidebar={<NavSkeleton />} header={<BreadcrumbSkeleton />}>
          <EmptyState icon={CircleAlert} title="Fieldwork could not load your account" className="min-h-[60vh]" action={<Button size="sm" onClick={retry}>Try again</Button>}>
            {session.message}
          </EmptyState>
        </AppFrame>
      );
    }
    return <FrameSkeleton kind={route.name === "editor" ? "editor" : "app"} />;
  }
  switch (route.name) {
    case "home":
      return <HomePage me={me} />;
    case "account":
      return <AccountPage me={me} />;
    case "invite":
      return <InvitePage me={me} token={route.token} />;
    case "organization":
      return <OrganizationPage key={route.org} me={me} orgName={route.org} />;
    case "project":
      return <ProjectPage key={`${route.org}/${route.project}`} me={me} orgName={route.org} projectName={route.project} />;
    case "editor":
      return <EditorPage me={me} route={route.editor} />;
    case "not-found":
      return (
        <WorkspaceFrame me={me} crumbs={[{ label: "Not found" }]}>
          <NotFoundState title="Page not found">There is nothing at this address. Check the link, or pick an organization.</NotFoundState>
        </WorkspaceFrame>
      );
  }
}
