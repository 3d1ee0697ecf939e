/** @jsxRuntime automatic */
/**
 * `/invite/{token}`: what an invitation link offers, and Join. Signed out, the private area
 * sends to sign-in (and from there sign-up) with the way back here.
 */
import { useState } from "react";
import { Building2, Link2Off } from "lucide-react";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { acceptInvitation, previewInvitation } from "../api/invitations";
import type { InvitationPreview, Me } from "../api/types";
import { ROLE_DESCRIPTIONS, withArticle } from "../permissions";
import { navigate } from "../router/history";
import { Link } from "../router/link";
import { organizationPath } from "../router/routes";
import { useSession } from "../session/session-context";
import { useResource } from "../session/use-resource";
import { PageBody } from "../shell/page";
import { WorkspaceFrame } from "../shell/workspace-frame";
import { toastAction } from "../shell/toast-action";

function Offer({ me, token, invitation }: { me: Me; token: string; invitation: InvitationPreview }) {
  const { refreshAndGo } = useSession();
  const [joining, setJoining] = useState(false);
  const org = invitation.organization;
  const label = org.display_name || org.name;
  const open = <Button variant="primary" onClick={() => navigate(organizationPath(org.name))}>Open {label}</Button>;
  if (invitation.member_role) {
    return (
      <EmptyState icon={Building2} title={`You are in ${label} already`} action={open}>
        You are {withArticle(invitation.member_role)} there. The link stays unused for whoever it was meant for.
      </EmptyState>
    );
  }
  const join = async () => {
    setJoining(true);
    const joined = await toastAction(async () => {
      const { organization, role } = await acceptInvitation(token, { csrf_token: me.csrf_token });
      await refreshAndGo(organizationPath(organization.name));
      return `You joined ${label} as ${withArticle(role)}.`;
    });
    if (!joined) setJoining(false);
  };
  return (
    <div className="grid gap-6 p-6 text-center">
      <span aria-hidden="true" className="mx-auto grid size-12 place-items-center rounded-full bg-selected text-muted"><Building2 className="size-5" /></span>
      <div className="grid gap-2">
        <h1 className="text-xl font-semibold text-fg">Join {label}</h1>
        <p className="text-sm text-muted">
          You are invited as {withArticle(invitation.role)}: {ROLE_DESCRIPTIONS[invitation.role].charAt(0).toLowerCase()}{ROLE_DESCRIPTIONS[invitation.role].slice(1)}
        </p>
        <p className="text-xs text-muted">Signed in as {me.user.email}.</p>
      </div>
      <div className="flex justify-center gap-2">
        <Button onClick={() => navigate("/")}>Not now</Button>
        <Button variant="primary" loading={joining} onClick={() => void join()}>Join {label}</Button>
      </div>
    </div>
  );
}

export function InvitePage({ me, token }: { me: Me; token: string }) {
  const { state, reload } = useResource(token, (signal) => previewInvitation(token, signal));
  return (
    <WorkspaceFrame me={me} crumbs={[{ label: "Invitation" }]}>
      <PageBody>
        <Card className="mx-auto mt-8 w-full max-w-md">
          {state.status === "loading" ? (
            <div aria-hidden="true" className="grid justify-items-center gap-4 p-6">
              <Skeleton className="size-12 rounded-full" />
              <Skeleton className="h-6 w-48" />
              <Skeleton className="h-4 w-64" />
              <Skeleton className="mt-2 h-9 w-56" />
            </div>
          ) : state.status === "failed" ? (
            <EmptyState
              icon={Link2Off}
              title="This invitation link does not work"
              action={state.code === "INVITATION_NOT_FOUND" ? <Link href="/" className="focus-ring rounded text-sm font-medium text-fg hover:underline underline-offset-4">Go to your organizations</Link> : <Button size="sm" onClick={reload}>Try again</Button>}
            >
              {state.message}
            </EmptyState>
          ) : (
            <Offer me={me} token={token} invitation={state.data} />
          )}
        </Card>
      </PageBody>
    </WorkspaceFrame>
  );
}
