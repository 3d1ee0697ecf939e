/** @jsxRuntime automatic */
import { useState } from "react";
import { TriangleAlert } from "lucide-react";
import { Button } from "../../ui/button";
import { CopyButton } from "../../ui/copy-button";
import { Dialog } from "../../ui/dialog";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { FormActions } from "../../ui/form-actions";
import { createApiKey } from "../api/api-keys";
import type { CreatedApiKey, ProjectRef, Role } from "../api/types";
import { useForm } from "../forms/use-form";
import { validateNewApiKey, type NewApiKeyValues } from "../forms/validation";
import { toast } from "../shell/toast-store";
import { ROLE_LABELS } from "../permissions";
import { FormAlert } from "./auth-layout";
import { RoleField } from "./role-field";

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

/** The new key's token, this one time: a warning, the token (selectable) and Copy. */
function TokenOnce({ created, project, onDone }: { created: CreatedApiKey; project: ProjectRef; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <div role="alert" className="flex gap-3 rounded-md border border-warning/30 bg-warning-soft px-3 py-2.5 text-sm text-fg">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <p><span className="font-medium">Copy this token now.</span> It will not be shown again: Fieldwork keeps only a fingerprint of it.</p>
      </div>
      <Field label="Token" hint={`${created.name} · ${ROLE_LABELS[created.role]} on ${project.name}`}>
        {(p) => (
          <div className="flex items-start gap-2">
            <textarea
              {...p}
              readOnly
              autoFocus
              rows={2}
              value={created.token}
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 resize-none rounded-md border border-line-strong bg-subtle px-3 py-2 font-mono text-xs leading-5 break-all text-fg outline-none transition-[border-color,box-shadow] duration-150 focus:border-accent focus:ring-3 focus:ring-accent-soft"
            />
            <CopyButton text={created.token} onFailure={() => toast.error("Could not copy. Select the token and copy it by hand.")} />
          </div>
        )}
      </Field>
      <div className="mt-2 flex justify-end">
        <Button variant="primary" onClick={onDone}>Done</Button>
      </div>
    </div>
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
