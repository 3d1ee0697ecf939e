/** @jsxRuntime automatic */
import { useState } from "react";
import { Dialog } from "../../ui/dialog";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { FormActions } from "../../ui/form-actions";
import { createApiKey } from "../api/api-keys";
import type { CreatedApiKey, ProjectRef, Role } from "../api/types";
import { useForm } from "../forms/use-form";
import { validateNewApiKey, type NewApiKeyValues } from "../forms/validation";
import { ROLE_LABELS } from "../permissions";
import { FormAlert } from "./auth-layout";
import { RoleField } from "./role-field";
import { SecretOnce } from "./secret-once";

interface Props {
  project: ProjectRef;
  csrf_token: string;
  onCreated: () => void;
}

function NewApiKeyForm({ project, csrf_token, onCreated, onCancel }: Omit<Props, "onCreated"> & { onCreated: (key: CreatedApiKey) => void; onCancel: () => void }) {
  const { state, onSubmit, field } = useForm<NewApiKeyValues>({
    initial: { name: "", role: "viewer" },
    validate: validateNewApiKey,
    async submit(values) {
      onCreated(await createApiKey(project.id, { name: values.name.trim(), role: values.role as Role }, { csrf_token }));
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormAlert message={state.message} />
      <Field label="Name" error={state.errors.name} hint="What uses the key, so you know which one to revoke.">
        {(p) => <Input {...p} {...field("name")} autoFocus autoComplete="off" placeholder="CI deploy" />}
      </Field>
      <RoleField role={state.values.role as Role} error={state.errors.role} select={field("role")} />
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
      hint={`${created.name} · ${ROLE_LABELS[created.role]} on ${project.name}`}
      warning={<><span className="font-medium">Copy this token now.</span> It will not be shown again: Fieldwork keeps only a fingerprint of it.</>}
      onDone={onDone}
    />
  );
}

/** "New API key": name and role, then the token once (Done, Escape or × closes it for good; a stray click outside does not). */
export function NewApiKeyDialog({ open, onClose, ...props }: Props & { open: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      closeOnBackdrop={!created}
      title={created ? "API key created" : "New API key"}
      description={created ? undefined : `A key acts on ${props.project.name} only, with the role you choose.`}
    >
      {created ? (
        <TokenOnce created={created} project={props.project} onDone={close} />
      ) : (
        <NewApiKeyForm
          {...props}
          onCancel={close}
          onCreated={(key) => {
            setCreated(key);
            props.onCreated();
          }}
        />
      )}
    </Dialog>
  );
}
