/** @jsxRuntime automatic */
import type { ComponentProps } from "react";
import { Field } from "../../ui/field";
import { Select } from "../../ui/select";
import type { Role } from "../api/types";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from "../permissions";

/** The role picker of the invite and API key dialogs, with what the chosen role may do. */
export function RoleField({ role, error, select }: { role: Role; error?: string; select: ComponentProps<typeof Select> }) {
  return (
    <Field label="Role" error={error} hint={ROLE_DESCRIPTIONS[role]}>
      {(p) => (
        <Select {...p} {...select}>
          {ROLES.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
        </Select>
      )}
    </Field>
  );
}
