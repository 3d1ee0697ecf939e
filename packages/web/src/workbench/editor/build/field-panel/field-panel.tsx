/** @jsxRuntime automatic */
/**
 * The field editor side panel (spec 2 §3, spec 3 §2 "New Field" / "Edit Field"): a live
 * preview with Test, then type, name (with a suggestion from the label), label, placeholder,
 * help text, required and read only, validation (pattern, min, max, step), autocomplete,
 * accept and multiple — each only where the capability table says it applies — the
 * "Ask AI" box on a new field only (ask-ai.tsx), the
 * options editor for choices and the file settings (file-section.tsx). Core's rules show beside their inputs while typing; Save is
 * off while any holds; Save dispatches update-field; Delete field asks first.
 */
import { useEffect, useId, useMemo, useReducer, useState, type ReactNode } from "react";
import { Trash2 } from "lucide-react";
import { capabilityOf, FIELD_TYPE_CAPABILITIES, FIELD_TYPES, fieldTypeLabel, isOfferedFieldType, paymentFieldOf, suggestFieldName, type FormField } from "@fieldwork/core";
import { Button } from "../../../../ui/button";
import { Field } from "../../../../ui/field";
import { Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";
import { command } from "../build-reducer";
import { useBuild, useBuildStore } from "../build-store";
import { SidePanel, SidePanelFooter } from "../side-panel";
import { useQueuedSave } from "../use-queued-save";
import { ConditionEditor } from "../block-panel/condition-editor";
import { useConditionDraft } from "../block-panel/use-condition-draft";
import { AskAi } from "./ask-ai";
import { DeleteFieldDialog } from "./delete-field-dialog";
import { FieldPreview } from "./field-preview";
import { FileSection, type BucketsState } from "./file-section";
import { useProjectId } from "./panel-context";
import { fetchProjectBuckets } from "../../../api/buckets";
import { useResource } from "../../../session/use-resource";
import { InventorySection } from "./inventory-section";
import { PaymentSection } from "./payment-section";
import { fetchReferenceTables } from "../../../api/reference-targets";
import { ReferenceSection, type TablesState } from "./reference-section";
import { OptionsEditor } from "./options-editor";
import { draftProblems, initPanel, isDirty, panelReducer, toDefinition, type FlagKey, type TextKey } from "./panel-state";

function Check({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2.5">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-h` : undefined}
        className="focus-ring mt-0.5 size-4 shrink-0 cursor-pointer accent-[var(--color-accent)]" />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-fg">{label}</label>
        {hint ? <p id={`${id}-h`} className="text-xs text-muted">{hint}</p> : null}
      </div>
    </div>
  );
}

const Group = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="grid gap-4 border-t border-line pt-5">
    <h3 className="text-sm font-semibold text-fg">{title}</h3>
    {children}
  </section>
);

function PanelBody({ field, fresh, onClose }: { field: FormField; fresh: boolean; onClose: () => void }) {
  const store = useBuildStore();
  const [state, dispatch] = useReducer(panelReducer, { field, fresh }, initPanel);
  const [confirming, setConfirming] = useState(false);
  const otherNames = useBuild((s) => s.working.fields);
  // The form's payment currency: options get a price input in it (payment.ts sums them).
  const paymentCurrency = useBuild((s) => paymentFieldOf(s.working.fields)?.config.currency ?? null);
  const names = useMemo(() => otherNames.filter((f) => f.id !== field.id).map((f) => f.name), [otherNames, field.id]);
  const { draft } = state;
  const cap = capabilityOf(draft.type);
  const projectId = useProjectId();
  const bucketsResource = useResource(cap.file && projectId ? projectId : null, (signal) => fetchProjectBuckets(projectId!, signal));
  const buckets: BucketsState = bucketsResource.state.status === "ready" ? { status: "ready", buckets: bucketsResource.state.data }
    : bucketsResource.state.status === "failed" ? { status: "failed", message: bucketsResource.state.message } : { status: "loading" };
  const ownFormId = useBuild((s) => s.working.form_id);
  const tablesResource = useResource(draft.type === "search" && projectId ? projectId : null, (signal) => fetchReferenceTables(projectId!, ownFormId, signal));
  const tables: TablesState = tablesResource.state.status === "ready" ? { status: "ready", tables: tablesResource.state.data }
    : tablesResource.state.status === "failed" ? { status: "failed", message: tablesResource.state.message } : { status: "loading" };
  const problems = draftProblems(draft, names, buckets.status === "ready" ? buckets.buckets : null);
  const block = useBuild((s) => s.working.blocks.find((b) => b.form_field_id === field.id));
  const condition = useConditionDraft(block, field.name);
  const invalid = Object.keys(problems).length > 0 || condition.problem !== undefined;
  const definition = useMemo(() => toDefinition(draft, state.base), [draft, state.base]);
  const save = useQueuedSave(onClose, (message) => dispatch({ type: "save-refused", message }));
  const suggestion = draft.label ? suggestFieldName(draft.label) : null;
  const text = (key: TextKey) => ({ value: draft[key], onChange: (e: { target: { value: string } }) => dispatch({ type: "text", key, value: e.target.value }) });
  const flag = (key: FlagKey) => ({ checked: draft[key], onChange: (value: boolean) => dispatch({ type: "flag", key, value }) });
  const rangeType = cap.value === "number" ? "number" : cap.html_type ?? "text";

  const onSave = () => {
    if (invalid || state.saving) return;
    // The field first: a condition may name the field's new name.
    const actions = [
      ...(isDirty(state) ? [command("update-field", { field_id: field.id, field: definition })] : []),
      ...(condition.action ? [condition.action] : []),
    ];
    const last = actions.pop();
    if (!last) return onClose();
    dispatch({ type: "save-started" });
    actions.forEach(store.dispatch);
    save(last);
  };

  return (
    <>
      <div className="grid gap-5 overflow-y-auto px-5 py-5">
        {state.fresh ? <AskAi field_id={field.id} onApply={(suggestion) => dispatch({ type: "suggestion", suggestion })} /> : null}
        <FieldPreview definition={definition} type={draft.type} />
        <Field label="Type">
          {(p) => (
            <Select {...p} value={draft.type} onChange={(e) => dispatch({ type: "type", value: e.target.value as FormField["type"] })}>
              {FIELD_TYPES.filter((t) => (isOfferedFieldType(t) && FIELD_TYPE_CAPABILITIES[t].renderable) || t === draft.type)
                .map((t) => <option key={t} value={t}>{fieldTypeLabel(t)}</option>)}
            </Select>
          )}
        </Field>
        <Field label="Label">{(p) => <Input {...p} {...text("label")} />}</Field>
        <Field
          label="Name" error={problems.name}
          hint={suggestion && suggestion !== draft.name ? (
            <>The answer's column. Suggested: <button type="button" className="cursor-pointer font-mono text-accent underline" onClick={() => dispatch({ type: "text", key: "name", value: suggestion })}>{suggestion}</button></>
          ) : "The answer's column in the form's table."}
        >
          {(p) => <Input {...p} {...text("name")} className="font-mono" spellCheck={false} autoComplete="off" />}
        </Field>
        {draft.type !== "hidden" ? (
          <>
            {(cap.value === "text" && draft.type !== "signature") || draft.type === "country" || draft.type === "json" ? <Field label="Placeholder">{(p) => <Input {...p} {...text("placeholder")} />}</Field> : null}
            <Field label="Help text">{(p) => <Input {...p} {...text("help_text")} />}</Field>
          </>
        ) : null}
        {cap.options ? (
          <OptionsEditor list={draft.list} mode={state.options_mode} onMode={(mode) => dispatch({ type: "options-mode", mode })}
            dispatch={(op) => dispatch({ type: "options", op })} problems={problems} currency={paymentCurrency} />
        ) : null}
        {cap.options && capabilityOf(field.type).options ? <InventorySection field_id={field.id} /> : null}
        <Group title="Validation">
          {cap.requirable ? <Check label="Required" hint={draft.type === "hidden" ? "Then the URL or the SDK must supply it." : undefined} {...flag("required")} /> : null}
          {problems.required ? <p className="text-xs text-danger">{problems.required}</p> : null}
          <Check label="Read only" hint="Shown but not editable by visitors." {...flag("readonly")} />
          {cap.multiple === "optional" ? <Check label="Multiple" hint="Visitors may pick or send more than one." {...flag("multiple")} /> : null}
          {cap.array ? <Check label="Array field" hint="One answer to start with; a plus button adds another, each checked." {...flag("is_array")} /> : null}
          {cap.pattern ? <Field label="Pattern" error={problems.pattern} hint="A regular expression the whole answer must match.">{(p) => <Input {...p} {...text("pattern")} className="font-mono" spellCheck={false} />}</Field> : null}
          {cap.range ? (
            <div className="grid grid-cols-3 gap-3">
              <Field label="Min" error={problems.range}>{(p) => <Input {...p} type={rangeType} {...text("min")} />}</Field>
              <Field label="Max">{(p) => <Input {...p} type={rangeType} aria-invalid={problems.range ? true : undefined} {...text("max")} />}</Field>
              <Field label="Step" error={problems.step}>{(p) => <Input {...p} inputMode="decimal" {...text("step")} />}</Field>
            </div>
          ) : null}
        </Group>
        {draft.type === "payment" ? <PaymentSection draft={draft} problems={problems} dispatch={dispatch} /> : null}
        {draft.type === "search" ? <ReferenceSection draft={draft} tables={tables} dispatch={dispatch} /> : null}
        {cap.file ? <FileSection draft={draft} problems={problems} buckets={buckets} dispatch={dispatch} check={(props) => <Check {...props} />} /> : null}
        <Group title="Logic">
          <Field label="Computed value" error={problems.v_value}
            hint="An expression over other fields, like #/price * #/quantity. Visitors see the result, read only; the server computes it again.">
            {(p) => <Input {...p} {...text("v_value")} className="font-mono" spellCheck={false} autoComplete="off" placeholder="#/price * #/quantity" />}
          </Field>
          {block ? <ConditionEditor label="Show this field" {...condition.editor} /> : null}
        </Group>
        <Group title="Browser">
          <Field label="Autocomplete" hint="A browser autofill token, like email or given-name.">{(p) => <Input {...p} {...text("autocomplete")} className="font-mono" />}</Field>
        </Group>
        <div className="border-t border-line pt-5">
          <Button variant="ghost" className="text-danger" onClick={() => setConfirming(true)}><Trash2 />Delete field</Button>
        </div>
      </div>
      <SidePanelFooter refusal={state.refusal} invalid={invalid} saving={state.saving} onCancel={onClose} onSave={onSave} />
      <DeleteFieldDialog open={confirming} field_id={field.id} label={field.label || field.name} onClose={() => setConfirming(false)}
        onConfirm={() => { store.dispatch(command("delete-field", { field_id: field.id })); onClose(); }} />
    </>
  );
}

export function FieldPanel({ field_id, fresh, onClose }: { field_id: string; fresh: boolean; onClose: () => void }) {
  const field = useBuild((s) => s.working.fields.find((f) => f.id === field_id));
  useEffect(() => {
    if (!field) onClose();
  }, [field, onClose]);
  if (!field) return null;
  return (
    <SidePanel title={fresh ? "New Field" : "Edit Field"} focusKey={field_id} onClose={onClose}>
      <PanelBody key={field_id} field={field} fresh={fresh} onClose={onClose} />
    </SidePanel>
  );
}
