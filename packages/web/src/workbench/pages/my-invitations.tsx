/** @jsxRuntime automatic */
import { useState } from "react";
import { Mail } from "lucide-react";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card, CardHeader } from "../../ui/card";
import { answerMyInvitation, fetchMyInvitations } from "../api/invitations";
import type { MyInvitation } from "../api/types";
import { ROLE_LABELS } from "../permissions";
import { useSession } from "../session/session-context";
import { useResource } from "../session/use-resource";
import { toastAction } from "../shell/toast-action";

const orgName = (invitation: MyInvitation) => invitation.organization.display_name || invitation.organization.name;

/**
 * Invitations by email to the signed-in account: nobody is put into an organization without
 * saying yes. Accept joins with the role offered; Decline drops the invitation.
 */
export function MyInvitations({ csrf_token }: { csrf_token: string }) {
  const { refresh } = useSession();
  const { state, reload } = useResource("my-invitations", (signal) => fetchMyInvitations(signal));
  const [busy, setBusy] = useState<string | null>(null);
  if (state.status !== "ready" || state.data.length === 0) return null;

  const answer = (invitation: MyInvitation, accept: boolean) => {
    setBusy(invitation.id);
    return toastAction(async () => {
      await answerMyInvitation(invitation.id, accept, { csrf_token });
      return accept ? `You joined ${orgName(invitation)}.` : `You declined the invitation to ${orgName(invitation)}.`;
    }, async () => {
      reload();
      if (accept) await refresh();
    }).finally(() => setBusy(null));
  };

  return (
    <Card aria-labelledby="my-invitations-title" className="mb-4">
      <CardHeader id="my-invitations-title" title="Invitations" description="Organizations that invited you. You join only if you accept." />
      <ul>
        {state.data.map((invitation) => (
          <li key={invitation.id} className="flex min-h-14 flex-wrap items-center gap-3 border-t border-line px-4 py-2">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-muted" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-fg">{orgName(invitation)}</p>
              <p className="truncate text-xs text-muted">{invitation.invited_by ? `Invited by ${invitation.invited_by}` : "Invited by an owner"}</p>
            </div>
            <Badge>{ROLE_LABELS[invitation.role]}</Badge>
            <Button size="sm" variant="primary" loading={busy === invitation.id} onClick={() => void answer(invitation, true)}
              aria-label={`Accept the invitation to ${orgName(invitation)}`}>Accept</Button>
            <Button size="sm" variant="ghost" disabled={busy === invitation.id} onClick={() => void answer(invitation, false)}
              aria-label={`Decline the invitation to ${orgName(invitation)}`}>Decline</Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
