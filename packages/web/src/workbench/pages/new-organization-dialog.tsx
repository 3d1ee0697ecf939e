/** @jsxRuntime automatic */
import { useRef } from "react";
import { Dialog } from "../../ui/dialog";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { FormActions } from "../../ui/form-actions";
import { createOrganization } from "../api/organizations";
import { useForm } from "../forms/use-form";
import { nameErrorField, slugify, validateNewOrganization, type NewOrganizationValues } from "../forms/validation";
import { organizationPath } from "../router/routes";
import { useSession } from "../session/session-context";
import { toast } from "../shell/toast-store";
import { FormAlert } from "./auth-layout";

/**
 * Display name and URL name (a slug, suggested from the display name until edited by
 * hand). The creator becomes the owner; then the organization's page opens.
 */
function NewOrganizationForm({ csrf_token, onCancel }: { csrf_token: string; onCancel: () => void }) {
  const { refreshAndGo } = useSession();
  const nameEdited = useRef(false);
  const { state, dispatch, onSubmit, field } = useForm<NewOrganizationValues>({
    initial: { display_name: "", name: "" },
    validate: validateNewOrganization,
    async submit(values) {
      const display_name = values.display_name.trim();
      const created = await createOrganization({ name: values.name, ...(display_name ? { display_name } : {}) }, { csrf_token });
      await refreshAndGo(organizationPath(created.name));
      toast.success(`Organization ${created.display_name || created.name} created.`);
    },
    errorField: nameErrorField("name"),
  });
  const name = field("name");
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormAlert message={state.message} />
      <Field label="Display name" hint="How the organization is shown. Optional.">
        {(p) => (
          <Input
            {...p}
            {...field("display_name")}
            autoFocus
            placeholder="Acme Research"
            onChange={(event) => {
              dispatch({ type: "change", field: "display_name", value: event.target.value });
              if (!nameEdited.current) dispatch({ type: "change", field: "name", value: slugify(event.target.value) });
            }}
          />
        )}
      </Field>
      <Field label="URL name" error={state.errors.name} hint={`Lowercase letters, digits and dashes. Your pages live at /${state.values.name || "name"}.`}>
        {(p) => (
          <Input
            {...p}
            {...name}
            placeholder="acme-research"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className="font-mono"
            onChange={(event) => {
              nameEdited.current = event.target.value !== "";
              name.onChange(event);
            }}
          />
        )}
      </Field>
      <FormActions onCancel={onCancel} submitting={state.submitting}>Create organization</FormActions>
    </form>
  );
}

export function NewOrganizationDialog({ open, onClose, csrf_token }: { open: boolean; onClose: () => void; csrf_token: string }) {
  return (
    <Dialog open={open} onClose={onClose} title="New organization" description="An organization holds projects and the people who work on them. You will be its owner.">
      <NewOrganizationForm csrf_token={csrf_token} onCancel={onClose} />
    </Dialog>
  );
}
