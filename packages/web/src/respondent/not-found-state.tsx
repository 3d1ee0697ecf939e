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

/** A published form with nothing in it yet: no empty Submit to send blank rows with. */
export function EmptyFormState({ title }: { title: string }) {
  return (
    <FormPage powered_by={false}>
      <StatusCard icon="warning" tone="neutral" title={title || "Form"}>
        <p>This form has no questions yet. Come back later.</p>
      </StatusCard>
    </FormPage>
  );
}
