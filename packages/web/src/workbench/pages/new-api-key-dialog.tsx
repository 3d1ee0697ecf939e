/** @jsxRuntime automatic */
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { Select } from "../../ui/select";
import { FormActions } from "../../ui/form-actions";
import { createApiKey } from "../api/api-keys";
import type { CreatedApiKey, ProjectRef, Role } from "../api/types";
import { useForm } from "../forms/use-form";
import { validateNewApiKey, type NewApiKeyValues } from "../forms/validation";
import { ROLE_LABELS } from "../permissions";
import { FormAlert } from "./auth-layout";
import { RoleField } from "./role-field";
import { RevealOnceDialog, SecretOnce } from "./secret-once";

const EXPIRY_CHOICES = [["", "Never"], ["7", "In 7 days"], ["30", "In 30 days"], ["90", "In 90 days"], ["365", "In a year"]] as const;

interface Props {
  project: ProjectRef;
  csrf_token: string;
  onCreated: () => void;
}

function NewApiKeyForm({ project, csrf_token, onCreated, onCancel }: Omit<Props, "onCreated"> & { onCreated: (key: CreatedApiKey) => void; onCancel: () => void }) {
  const { state, onSubmit, field } = useForm<NewApiKeyValues>({
    initial: { name: "", role: "viewer", expires_in_days: "" },
    validate: validateNewApiKey,
    async submit(values) {
      const days = Number(values.expires_in_days);
      const expires_at = days > 0 ? new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString() : null;
      onCreated(await createApiKey(project.id, { name: values.name.trim(), role: values.role as Role, expires_at }, { csrf_token }));
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormAlert message={state.message} />
      <Field label="Name" error={state.errors.name} hint="What uses the key, so you know which one to revoke.">
        {(p) => <Input {...p} {...field("name")} autoFocus autoComplete="off" placeholder="CI deploy" />}
      </Field>
      <RoleField role={state.values.role as Role} error={state.errors.role} select={field("role")} />
      <Field label="Expires" hint="An expired key answers 401. A key also stops when the member who made it leaves the organization.">
        {(p) => (
          <Select {...p} {...field("expires_in_days")}>
            {EXPIRY_CHOICES.map(([days, label]) => <option key={days} value={days}>{label}</option>)}
          </Select>
        )}
      </Field>
      <FormActions onCancel={onCancel} submitting={state.submitting}>Create key</FormActions>
    </form>
  );
}

/** The new key's token, this one time. */
function TokenOnce({ created, project, onDone }: { created: CreatedApiKey; project: ProjectRef; onDone: () => void }) {
  return (
    <SecretOnce
      label="Token"
      value={created.token}
      hint={`${created.name} · ${ROLE_LABELS[created.role]} on ${project.name}. Send it as "Authorization: Bearer …", or set FIELDWORK_API_KEY for the CLI.`}
      warning={<><span className="font-medium">Copy this token now.</span> It will not be shown again: Fieldwork keeps only a fingerprint of it.</>}
      onDone={onDone}
    />
  );
}

/** "New API key": name and role, then the token once. */
export function NewApiKeyDialog({ open, onClose, ...props }: Props & { open: boolean; onClose: () => void }) {
  return (
    <RevealOnceDialog<CreatedApiKey>
      open={open}
      onClose={onClose}
      title="New API key"
      revealedTitle="API key created"
      description={`A key acts on ${props.project.name} only, with the role you choose.`}
      onCreated={props.onCreated}
      form={(actions) => <NewApiKeyForm project={props.project} csrf_token={props.csrf_token} {...actions} />}
      reveal={(created, done) => <TokenOnce created={created} project={props.project} onDone={done} />}
    />
  );
}
