/** @jsxRuntime automatic */
import { useState } from "react";
import { Link2, Mail, Trash2 } from "lucide-react";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { fetchInvitations, revokeInvitation } from "../api/invitations";
import type { Invitation, OrganizationRef } from "../api/types";
import { formatFullTime, formatRelativeTime } from "../format-time";
import { ROLE_LABELS } from "../permissions";
import { useResource } from "../session/use-resource";
import { toastAction } from "../shell/toast-action";

const nameOf = (invitation: Invitation) => invitation.email || invitation.label || "Invitation link";

/**
 * The organization's invitations (links and by email) not used or expired yet (owners), each with Revoke.
 * `generation` changes when a link is made, to load the list again.
 */
export function PendingInvitations({ org, csrf_token, generation }: { org: OrganizationRef; csrf_token: string; generation: number }) {
  const { state, reload } = useResource(`${org.id}:${generation}`, (signal) => fetchInvitations(org.id, signal));
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  if (state.status !== "ready" || state.data.length === 0) return null;

  const revoke = (invitation: Invitation) => toastAction(async () => {
    await revokeInvitation(org.id, invitation.id, { csrf_token });
    return `The link “${nameOf(invitation)}” no longer works.`;
  }, reload);

  return (
    <div className="border-t border-line">
      <h3 className="px-4 pt-3 pb-1 text-xs font-medium text-muted">Pending invitations</h3>
      <ul>
        {state.data.map((invitation) => (
          <li key={invitation.id} className="flex h-14 items-center gap-3 border-b border-line px-4 last:border-b-0">
            <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full border border-dashed border-line-strong text-muted">
              {invitation.email ? <Mail className="size-4" /> : <Link2 className="size-4" />}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-fg">{nameOf(invitation)}</p>
              <p className="truncate text-xs text-muted">
                <time dateTime={invitation.expires_at} title={formatFullTime(invitation.expires_at)}>Expires {formatRelativeTime(invitation.expires_at)}</time>
                {invitation.email ? " · by email" : " · link"}
                {invitation.created_by_name ? ` · made by ${invitation.created_by_name}` : ""}
              </p>
            </div>
            <Badge>{ROLE_LABELS[invitation.role]}</Badge>
            <Button variant="ghost" size="icon" aria-label={`Revoke ${nameOf(invitation)}`} title="Revoke" onClick={() => setRevoking(invitation)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke this invitation?"
        confirmLabel="Revoke invitation"
        danger
        onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve())}
      >
        “{revoking ? nameOf(revoking) : ""}” can no longer be used to join {org.display_name || org.name}.
      </ConfirmDialog>
    </div>
  );
}
