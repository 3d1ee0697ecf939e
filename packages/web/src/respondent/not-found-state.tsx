/** @jsxRuntime automatic */
import { FormPage } from "./form-page";
import { StatusCard } from "./status-card";

/** Shown when the form cannot be loaded at all (spec 1 §4.2). */
export function NotFoundState() {
  return (
    <FormPage powered_by={false}>
      <StatusCard icon="notfound" tone="neutral" title="Form not found">
        <p>This form does not exist or is no longer available. Check the link you followed.</p>
      </StatusCard>
    </FormPage>
  );
}
