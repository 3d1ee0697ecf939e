/** @jsxRuntime automatic */
import { Field } from "../../ui/field";
import { FormActions } from "../../ui/form-actions";
import { Input } from "../../ui/input";
import { createInvitation, invitePath } from "../api/invitations";
import type { CreatedInvitation, OrganizationRef, Role } from "../api/types";
import { formatFullTime } from "../format-time";
import { useForm } from "../forms/use-form";
import { validateInviteLink, type InviteLinkValues } from "../forms/validation";
import { withArticle } from "../permissions";
import { FormAlert } from "./auth-layout";
import { RoleField } from "./role-field";
import { RevealOnceDialog, SecretOnce } from "./secret-once";

interface Props {
  org: OrganizationRef;
  csrf_token: string;
  /** Prefills "Who is it for?" (the email that had no account). */
  label?: string;
  onCreated: () => void;
}

function InviteLinkForm({ org, csrf_token, label = "", onCreated, onCancel }: Omit<Props, "onCreated"> & { onCreated: (created: CreatedInvitation) => void; onCancel: () => void }) {
  const { state, onSubmit, field } = useForm<InviteLinkValues>({
    initial: { label, role: "editor" },
    validate: validateInviteLink,
    async submit(values) {
      const trimmed = values.label.trim();
      onCreated(await createInvitation(org.id, { role: values.role as Role, ...(trimmed ? { label: trimmed } : {}) }, { csrf_token }));
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormAlert message={state.message} />
      <Field label="Who is it for?" error={state.errors.label} hint="Optional: a name or an email, so you recognise the link in the list.">
        {(p) => <Input {...p} {...field("label")} autoFocus autoComplete="off" placeholder="Bo from sales" />}
      </Field>
      <RoleField role={state.values.role as Role} error={state.errors.role} select={field("role")} />
      <FormActions onCancel={onCancel} submitting={state.submitting}>Create link</FormActions>
    </form>
  );
}

/**
 * "Invite link": a one-time link for a role, for someone without an account here (Fieldwork
 * sends no email). The link shows once; Done, Escape or × closes it for good.
 */
export function InviteLinkDialog({ open, onClose, ...props }: Props & { open: boolean; onClose: () => void }) {
  const orgLabel = props.org.display_name || props.org.name;
  return (
    <RevealOnceDialog<CreatedInvitation>
      open={open}
      onClose={onClose}
      title="Invite with a link"
      revealedTitle="Invitation link created"
      description={`Whoever opens the link signed in (or signs up first) joins ${orgLabel}. It works once, for 7 days.`}
      onCreated={props.onCreated}
      form={(actions) => <InviteLinkForm org={props.org} csrf_token={props.csrf_token} label={props.label} {...actions} />}
      reveal={(created, done) => (
        <SecretOnce
          label="Invitation link"
          rows={3}
          value={`${location.origin}${invitePath(created.token)}`}
          hint={`${created.label ? `For ${created.label}: joins` : "Joins"} as ${withArticle(created.role)} · expires ${formatFullTime(created.expires_at)}`}
          warning={<><span className="font-medium">Copy this link now</span> and send it yourself. It will not be shown again.</>}
          onDone={done}
        />
      )}
    />
  );
}
