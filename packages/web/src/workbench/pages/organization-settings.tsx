/** @jsxRuntime automatic */
/** An organization's name, URL name and deletion (owners). */
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { deleteOrganization, updateOrganization } from "../api/organizations";
import type { OrganizationRef } from "../api/types";
import { useForm } from "../forms/use-form";
import { nameErrorField, validateOrganizationSettings, type NewOrganizationValues } from "../forms/validation";
import { organizationPath } from "../router/routes";
import { useSession } from "../session/session-context";
import { toast } from "../shell/toast-store";
import { SettingsCard } from "./settings-card";
import { toastAction } from "../shell/toast-action";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** The first sentence of the confirmation: what goes with the organization. */
const whatGoes = (projects: number) =>
  projects === 0 ? "" : `Its ${projects === 1 ? "project" : `${projects} projects`}, with ${projects === 1 ? "its" : "their"} documents and every form's responses, ${projects === 1 ? "is" : "are"} deleted. `;

export function OrganizationSettings({ org, csrf_token }: { org: OrganizationRef; csrf_token: string }) {
  const { refreshAndGo } = useSession();
  const label = org.display_name || org.name;
  const { state, onSubmit, field } = useForm<NewOrganizationValues>({
    initial: { display_name: label, name: org.name },
    validate: validateOrganizationSettings,
    errorField: nameErrorField("name"),
    async submit(values) {
      const updated = await updateOrganization(org.id, { display_name: values.display_name.trim(), name: values.name }, { csrf_token });
      await refreshAndGo(organizationPath(updated.name), { replace: true });
      toast.success("Organization settings saved.");
    },
  });

  const remove = () => toastAction(async () => {
    const removed = await deleteOrganization(org.id, { csrf_token });
    return `${label} was deleted, with ${plural(removed.projects, "project")} and ${plural(removed.documents, "document")}.`;
  }, () => refreshAndGo("/"));

  return (
    <SettingsCard
      id="org-settings-title"
      onSubmit={onSubmit}
      message={state.message}
      submitting={state.submitting}
      submitLabel="Save settings"
      danger={{
        title: "Delete this organization",
        description: "Its projects, documents and every response go with it.",
        confirmTitle: `Delete ${label}?`,
        confirmBody: `${whatGoes(org.projects.length)}Its members lose access. This cannot be undone.`,
        label: "Delete organization",
        onDelete: remove,
      }}
    >
      <Field label="Display name" error={state.errors.display_name}>
          {(p) => <Input {...p} {...field("display_name")} maxLength={80} autoComplete="off" />}
      </Field>
      <Field label="URL name" error={state.errors.name} hint={`Links to /${org.name} stop working when it changes.`}>
          {(p) => <Input {...p} {...field("name")} autoCapitalize="none" autoCorrect="off" spellCheck={false} className="font-mono" />}
      </Field>
    </SettingsCard>
  );
}
