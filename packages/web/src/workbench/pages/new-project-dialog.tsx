/** @jsxRuntime automatic */
import { Dialog } from "../../ui/dialog";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { FormActions } from "../../ui/form-actions";
import { createProject } from "../api/projects";
import type { OrganizationRef } from "../api/types";
import { useForm } from "../forms/use-form";
import { nameErrorField, validateNewProject, type NewProjectValues } from "../forms/validation";
import { projectPath } from "../router/routes";
import { useSession } from "../session/session-context";
import { toast } from "../shell/toast-store";
import { FormAlert } from "./auth-layout";

function NewProjectForm({ org, csrf_token, onCancel }: { org: OrganizationRef; csrf_token: string; onCancel: () => void }) {
  const { refreshAndGo } = useSession();
  const { state, onSubmit, field } = useForm<NewProjectValues>({
    initial: { name: "" },
    validate: validateNewProject,
    async submit(values) {
      const created = await createProject(org.id, { name: values.name }, { csrf_token });
      await refreshAndGo(projectPath(org.name, created.name));
      toast.success(`Project ${created.name} created.`);
    },
    errorField: nameErrorField("name"),
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormAlert message={state.message} />
      <Field label="Project name" error={state.errors.name} hint={`Lowercase letters, digits and dashes: /${org.name}/${state.values.name || "name"}.`}>
        {(p) => <Input {...p} {...field("name")} autoFocus placeholder="website" autoCapitalize="none" autoCorrect="off" spellCheck={false} className="font-mono" />}
      </Field>
      <FormActions onCancel={onCancel} submitting={state.submitting}>Create project</FormActions>
    </form>
  );
}

export function NewProjectDialog(props: { open: boolean; onClose: () => void; org: OrganizationRef; csrf_token: string }) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title="New project" description={`A project in ${props.org.display_name || props.org.name} groups forms, sites, databases, buckets and canvases.`}>
      <NewProjectForm org={props.org} csrf_token={props.csrf_token} onCancel={props.onClose} />
    </Dialog>
  );
}
