/** @jsxRuntime automatic */
import { SearchX, TriangleAlert } from "lucide-react";
import { FormPage } from "./form-page";
import { useText } from "./messages";
import { StatusCard } from "./status-card";

/** Shown when the form cannot be loaded at all (spec 1 §4.2). */
export function NotFoundState() {
  const text = useText();
  return (
    <FormPage powered_by={false}>
      <StatusCard icon={SearchX} tone="neutral" title={text("notfound.title")}>
        <p>{text("notfound.text")}</p>
      </StatusCard>
    </FormPage>
  );
}

/** A published form with nothing in it yet: no empty Submit to send blank rows with. */
export function EmptyFormState({ title }: { title: string }) {
  const text = useText();
  return (
    <FormPage powered_by={false}>
      <StatusCard icon={TriangleAlert} tone="neutral" title={title || text("form.untitled")}>
        <p>{text("form.empty")}</p>
      </StatusCard>
    </FormPage>
  );
}
