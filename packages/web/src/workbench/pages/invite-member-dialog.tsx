/** @jsxRuntime automatic */
import { Dialog } from "../../ui/dialog";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { FormActions } from "../../ui/form-actions";
import { addMember } from "../api/organizations";
import type { OrganizationRef, Role } from "../api/types";
import { useForm } from "../forms/use-form";
import { userErrorField, validateInviteMember, type InviteMemberValues } from "../forms/validation";
import { withArticle } from "../permissions";
import { toast } from "../shell/toast-store";
import { FormAlert } from "./auth-layout";

import { RoleField } from "./role-field";

interface InviteProps {
  org: OrganizationRef;
  csrf_token: string;
  /** Already in the organization: refused here, with a pointer to the list. */
  memberEmails: readonly string[];
  onInvited: () => void;
  /** Someone without an account: an invitation link for them instead. */
  onNoAccount: (email: string) => void;
}

/** Email and role: an invitation the account accepts when it signs in (the same answer whether it exists or not). */
function InviteMemberForm({ org, csrf_token, memberEmails, onInvited, onNoAccount, onCancel }: InviteProps & { onCancel: () => void }) {
  const { state, onSubmit, field } = useForm<InviteMemberValues>({
    initial: { email: "", role: "editor" },
    validate: (values) => validateInviteMember(values, memberEmails),
    async submit(values) {
      const email = values.email.trim();
      const role = values.role as Role;
      await addMember(org.id, { email, role }, { csrf_token });
      toast.success(`Invitation sent to ${email} as ${withArticle(role)}. They join once they accept it.`);
      onInvited();
      onCancel();
    },
    errorField: userErrorField("email"),
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormAlert message={state.message} />
      <Field
        label="Email"
        error={state.errors.email}
        hint="If an account has this address, it sees the invitation when it signs in."
        aside={
          <button type="button" onClick={() => onNoAccount(state.values.email.trim())} className="focus-ring cursor-pointer rounded text-xs font-medium text-accent hover:underline">
            Invite with a link instead
          </button>
        }
      >
        {(p) => <Input {...p} {...field("email")} type="email" autoComplete="off" autoFocus placeholder="colleague@example.com" />}
      </Field>
      <RoleField role={state.values.role as Role} error={state.errors.role} select={field("role")} />
      <FormActions onCancel={onCancel} submitting={state.submitting}>Invite member</FormActions>
    </form>
  );
}

export function InviteMemberDialog({ open, onClose, ...props }: InviteProps & { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Invite member" description={`Invite someone with a Fieldwork account to ${props.org.display_name || props.org.name}. They join once they accept. For someone without an account, share a link.`}>
      <InviteMemberForm {...props} onCancel={onClose} />
    </Dialog>
  );
}
