/** @jsxRuntime automatic */
import { useState } from "react";
import { Link2, UserPlus } from "lucide-react";
import { Button } from "../../ui/button";
import { Card, CardHeader } from "../../ui/card";
import { ConfirmDialog, type Confirmation } from "../../ui/confirm-dialog";
import { addMember, fetchMembers, removeMember } from "../api/organizations";
import type { Me, Member, OrganizationRef, Role } from "../api/types";
import { useSession } from "../session/session-context";
import { useResource } from "../session/use-resource";
import { LoadError, RowsSkeleton } from "../shell/page";
import { toastAction } from "../shell/toast-action";
import { InviteLinkDialog } from "./invite-link-dialog";
import { InviteMemberDialog } from "./invite-member-dialog";
import { demotionConfirmation, memberName, removalConfirmation, roleChangedMessage, roleChangeNeedsConfirm, type MemberChoice } from "./member-actions";
import { MemberRow } from "./member-row";
import { PendingInvitations } from "./pending-invitations";

type Pending = (Confirmation & { run: () => Promise<unknown> }) | null;

/**
 * The organization's members. Everyone sees the list and may leave; owners invite (by the
 * email of an account, or with a link), change roles and remove (the server refuses to leave
 * no owner: LAST_OWNER, shown as a toast).
 */
export function MembersSection({ org, me, manage }: { org: OrganizationRef; me: Me; manage: boolean }) {
  const { refresh, refreshAndGo } = useSession();
  const { state, reload } = useResource(org.id, (signal) => fetchMembers(org.id, signal));
  const [inviting, setInviting] = useState(false);
  /** The invite-link dialog, open with what to call the link (an email that has no account yet). */
  const [linking, setLinking] = useState<{ label: string } | null>(null);
  const [links, setLinks] = useState(0);
  const [pending, setPending] = useState<Pending>(null);
  const orgLabel = org.display_name || org.name;
  const selfId = me.user.id;
  const auth = { csrf_token: me.csrf_token };

  const changeRole = (member: Member, role: Role) => toastAction(
    async () => {
      await addMember(org.id, { email: member.email, role }, auth);
      return roleChangedMessage(member, role, selfId);
    },
    async () => {
      reload();
      if (member.user_id === selfId) await refresh();
    },
  );

  const remove = (member: Member) => {
    const self = member.user_id === selfId;
    return toastAction(
      async () => {
        await removeMember(org.id, member.user_id, auth);
        return self ? `You left ${orgLabel}.` : `${memberName(member)} was removed from ${orgLabel}.`;
      },
      () => (self ? refreshAndGo("/") : reload()),
    );
  };

  const onChoose = (member: Member, choice: MemberChoice) => {
    if (choice.kind === "remove") setPending({ ...removalConfirmation(member, selfId, orgLabel), run: () => remove(member) });
    else if (roleChangeNeedsConfirm(member, choice.role, selfId)) setPending({ ...demotionConfirmation(choice.role, orgLabel), run: () => changeRole(member, choice.role) });
    else void changeRole(member, choice.role);
  };

  return (
    <Card aria-labelledby="members-title">
      <CardHeader
        id="members-title"
        title="Members"
        description="People in this organization and their roles."
        actions={manage ? (
          <>
            <Button size="sm" variant="ghost" onClick={() => setLinking({ label: "" })}><Link2 aria-hidden="true" />Invite link</Button>
            <Button size="sm" onClick={() => setInviting(true)}><UserPlus aria-hidden="true" />Invite member</Button>
          </>
        ) : null}
      />
      {state.status === "loading" ? (
        <RowsSkeleton rows={2} rowClassName="h-14" />
      ) : state.status === "failed" ? (
        <LoadError message={state.message} onRetry={reload} />
      ) : (
        <ul>
          {state.data.map((member) => <MemberRow key={member.user_id} member={member} selfId={selfId} manage={manage} onChoose={onChoose} />)}
        </ul>
      )}
      {manage ? <PendingInvitations org={org} csrf_token={me.csrf_token} generation={links} /> : null}
      {manage ? (
        <>
          <InviteLinkDialog open={linking !== null} onClose={() => setLinking(null)} org={org} csrf_token={me.csrf_token} label={linking?.label} onCreated={() => setLinks((n) => n + 1)} />
          <InviteMemberDialog
            open={inviting}
            onClose={() => setInviting(false)}
            org={org}
            csrf_token={me.csrf_token}
            memberEmails={state.status === "ready" ? state.data.map((m) => m.email) : []}
            onInvited={() => {
              reload();
              setLinks((n) => n + 1);
            }}
            onNoAccount={(email) => {
              setInviting(false);
              setLinking({ label: email });
            }}
          />
        </>
      ) : null}
      <ConfirmDialog open={pending !== null} onClose={() => setPending(null)} title={pending?.title} confirmLabel={pending?.confirmLabel ?? ""} danger onConfirm={() => pending?.run() ?? Promise.resolve()}>
        {pending?.body}
      </ConfirmDialog>
    </Card>
  );
}
