/** @jsxRuntime automatic */
/**
 * `connect/parameters` (spec 2 §2): the form's hidden fields, which URL parameters of the
 * same name fill (spec 1 §5), and a prefill link builder: type values, get the link and the
 * embed snippet that carry them. Required hidden fields left empty are named, since such a
 * link answers MISSING_REQUIRED_HIDDEN_FIELDS.
 */
import { useMemo, useState } from "react";
import { prefillLink, scriptSnippet } from "@fieldwork/core";
import { Braces } from "lucide-react";
import { EmptyState } from "../../../ui/empty-state";
import { Field } from "../../../ui/field";
import { Input } from "../../../ui/input";
import { Badge } from "../../../ui/badge";
import { useBuild } from "../build/build-store";
import { PageBar } from "../form-store-host";
import { SettingCard } from "../settings/settings-controls";
import { CopyText, DraftNote } from "./share-controls";
import { hiddenFields, linkParams, missingRequired } from "./share-state";

export function ParametersPage() {
  const form_id = useBuild((s) => s.working.form_id);
  const published = useBuild((s) => s.working.published);
  const all = useBuild((s) => s.working.fields);
  const fields = useMemo(() => hiddenFields(all), [all]);
  const [values, setValues] = useState<Record<string, string>>({});
  const params = linkParams(fields, values);
  const missing = missingRequired(fields, values);
  const origin = location.origin;

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 px-4 pb-24">
      <PageBar title="URL parameters" description="Hidden fields take their values from the link: build a link that fills them." />
      <DraftNote published={published} />
      {fields.length === 0 ? (
        <EmptyState icon={Braces} title="No hidden fields">
          Add a field of type Hidden to this form (Main › insert a field): a URL parameter of the same name fills it,
          for a campaign, a referrer or an id from your own system.
        </EmptyState>
      ) : (
        <>
          <SettingCard title="Hidden fields" description="Type a value for each parameter the link should carry; empty ones are left out.">
            {fields.map((field) => (
              <Field key={field.id} label={<span className="flex items-center gap-2 font-mono">{field.name}{field.required ? <Badge>Required</Badge> : null}</span>}
                hint={field.label ? field.label : undefined}>
                {(p) => <Input {...p} value={values[field.name] ?? ""} placeholder="Value"
                  onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))} />}
              </Field>
            ))}
          </SettingCard>
          <SettingCard title="Prefilled link" description="Share this link, or embed the form with the same values.">
            {missing.length > 0 ? (
              <p role="status" className="text-sm text-danger">
                Required hidden {missing.length === 1 ? "field" : "fields"} without a value: {missing.join(", ")}. Visitors of this link see “Required hidden fields were not supplied.”
              </p>
            ) : null}
            <CopyText label="Prefilled link" value={prefillLink(origin, form_id, params)} />
            <CopyText label="Script tag with these values" value={scriptSnippet(origin, form_id, params)} multiline />
          </SettingCard>
        </>
      )}
    </div>
  );
}
