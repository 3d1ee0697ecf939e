/** @jsxRuntime automatic */
/** A project's name and deletion (owners, signed in). */
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { deleteProject, renameProject } from "../api/projects";
import type { OrganizationRef, ProjectRef } from "../api/types";
import { useForm } from "../forms/use-form";
import { nameErrorField, validateNewProject, type NewProjectValues } from "../forms/validation";
import { organizationPath, projectPath } from "../router/routes";
import { useSession } from "../session/session-context";
import { toast } from "../shell/toast-store";
import { SettingsCard } from "./settings-card";
import { toastAction } from "../shell/toast-action";

export function ProjectSettings({ org, project, documents, csrf_token }: { org: OrganizationRef; project: ProjectRef; documents: number | null; csrf_token: string }) {
  const { refreshAndGo } = useSession();
  const { state, onSubmit, field } = useForm<NewProjectValues>({
    initial: { name: project.name },
    validate: validateNewProject,
    errorField: nameErrorField("name"),
    async submit(values) {
      if (values.name === project.name) return;
      const renamed = await renameProject(project.id, { name: values.name }, { csrf_token });
      await refreshAndGo(projectPath(org.name, renamed.name), { replace: true });
      toast.success(`Project renamed to ${renamed.name}.`);
    },
  });

  const remove = () => toastAction(async () => {
    await deleteProject(project.id, { csrf_token });
    return `Project ${project.name} was deleted.`;
  }, () => refreshAndGo(organizationPath(org.name)));

  const what = documents === null ? "Its documents" : documents === 1 ? "Its one document" : `Its ${documents} documents`;
  return (
    <SettingsCard
      id="project-settings-title"
      onSubmit={onSubmit}
      message={state.message}
      submitting={state.submitting}
      submitLabel="Rename project"
      danger={{
        title: "Delete this project",
        description: "Its documents and every response go with it.",
        confirmTitle: `Delete ${project.name}?`,
        confirmBody: `${what} and every form's responses are deleted. API keys of this project stop working. This cannot be undone.`,
        label: "Delete project",
        onDelete: remove,
      }}
    >
      <Field label="Project name" error={state.errors.name} hint={`Lowercase letters, digits and dashes: /${org.name}/${state.values.name || "name"}.`}>
          {(p) => <Input {...p} {...field("name")} autoCapitalize="none" autoCorrect="off" spellCheck={false} className="font-mono" />}
      </Field>
    </SettingsCard>
  );
}
