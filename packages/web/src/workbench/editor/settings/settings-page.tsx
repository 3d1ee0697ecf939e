/** @jsxRuntime automatic */
/**
 * The form's settings (`…/settings`, spec 2 §7): how answers are sent and which are kept,
 * response limits, the schedule in the form's time zone, closing the form now, and where
 * visitors go after answering. Choices save at once; typed values save when the input is
 * left and pass the server's checks (settings-draft.ts). Every write goes through the
 * editor's save queue with the form's revision.
 */
import { useEffect, useMemo, useReducer, type FocusEvent, type KeyboardEvent } from "react";
import type { EditorDocument } from "@fieldwork/core";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { Field } from "../../../ui/field";
import { Input } from "../../../ui/input";
import { Select } from "../../../ui/select";
import { command } from "../build/build-reducer";
import { useBuild, useBuildStore } from "../build/build-store";
import { PageBar } from "../form-store-host";
import { ChoiceGroup, SettingCard, Toggle, type Choice } from "./settings-controls";
import {
  checkLimit, checkRedirect, checkSchedule, initSettingsDraft, settingsDraftReducer, toggledLimit, totalLimitHint, unchanged,
  type Checked, type DraftKey, type LimitKey, type SettingsDraftAction,
} from "./settings-draft";
import { offsetLabel, timeZoneChoices } from "./schedule-time";

const UNKNOWN: readonly Choice<EditorDocument["settings"]["unknown_field_handling_strategy"]>[] = [
  { value: "ignore", label: "Ignore", description: "Fields the form does not have are dropped; the response is saved without them." },
  { value: "accept", label: "Accept", description: "Fields the form does not have are kept with the response, beside its columns." },
  { value: "reject", label: "Reject", description: "A response with a field the form does not have is refused with an error." },
];

/** Saves on Enter as well as when the input is left. */
const saveOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === "Enter") event.currentTarget.blur();
};

function useSettingsSave(dispatchDraft: (action: SettingsDraftAction) => void) {
  const store = useBuildStore();
  return (key: DraftKey | null, checked: Checked) => {
    if (key) dispatchDraft({ type: "checked", key, message: checked.ok ? null : checked.message });
    if (checked.ok && !unchanged(store.get().working, checked)) store.dispatch(command("settings", { name: checked.name, values: checked.values }));
  };
}

function LimitField({ label, hint, draft, error, disabled, onToggle, onChange, onSave }: {
  label: string; hint: string; draft: { on: boolean; text: string }; error?: string; disabled: boolean;
  onToggle: (on: boolean) => void;
  onChange: (patch: Partial<{ on: boolean; text: string }>) => void; onSave: (patch?: Partial<{ on: boolean; text: string }>) => void;
}) {
  return (
    <div className="grid gap-3">
      <Toggle label={label} description={hint} checked={draft.on} disabled={disabled} onChange={onToggle} />
      {draft.on ? (
        <Field label={`${label}: number of responses`} error={error}>
          {(p) => (
            <Input {...p} className="max-w-40" inputMode="numeric" value={draft.text} disabled={disabled} onKeyDown={saveOnEnter} autoFocus={draft.text === ""}
              onChange={(e) => onChange({ text: e.target.value })} onBlur={() => onSave()} />
          )}
        </Field>
      ) : null}
    </div>
  );
}

export function SettingsPage() {
  const store = useBuildStore();
  const doc = useBuild((s) => s.working);
  const readonly = useBuild((s) => s.readonly);
  const [draft, dispatchDraft] = useReducer(settingsDraftReducer, doc, initSettingsDraft);
  const save = useSettingsSave(dispatchDraft);
  const zones = useMemo(() => timeZoneChoices(draft.schedule.tz), [draft.schedule.tz]);
  const s = doc.settings;

  // Undo, redo and a reload after a refused write change the document under the page.
  useEffect(() => dispatchDraft({ type: "document", doc }), [doc]);

  const setting = (checked: Checked) => save(null, checked);
  const limit = (key: LimitKey) => ({
    draft: draft[key], error: draft.errors[key], disabled: readonly,
    onChange: (patch: Partial<{ on: boolean; text: string }>) => dispatchDraft({ type: "limit", key, patch }),
    onSave: (patch?: Partial<{ on: boolean; text: string }>) => save(key, checkLimit(key, { ...draft[key], ...patch })),
    onToggle: (on: boolean) => {
      const next = toggledLimit(key, draft[key], on);
      dispatchDraft({ type: "limit", key, patch: next.draft });
      if (next.save) save(key, checkLimit(key, next.draft));
    },
  });
  const schedule = (patch: Partial<typeof draft.schedule>, now = false) => {
    dispatchDraft({ type: "schedule", patch });
    if (now) save("schedule", checkSchedule({ ...draft.schedule, ...patch }));
  };
  // The schedule saves when focus leaves its card, so open and close can be typed in turn.
  const leaveSchedule = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) save("schedule", checkSchedule(draft.schedule));
  };

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 px-4 pt-4 pb-24">
      <PageBar title="Form settings" description="Changes save as you make them." />

      <SettingCard title="Access" description="Whether visitors can answer right now.">
        <Toggle
          label="Close the form"
          description={s.is_force_closed ? "Closed: visitors see “This form is closed” and cannot answer." : "Open: visitors can answer, within the limits and schedule below."}
          checked={s.is_force_closed}
          disabled={readonly}
          onChange={(on) => (on ? dispatchDraft({ type: "confirm-close", open: true }) : setting({ ok: true, name: "force-close-form", values: { is_force_closed: false } }))}
        />
      </SettingCard>

      <SettingCard title="Response limits" description="The form closes itself once a limit is reached.">
        <LimitField label="Limit total responses" hint={totalLimitHint(doc.response_count, s.max_form_responses_in_total)} {...limit("total")} />
        <LimitField label="Limit responses per person" hint="Counts the responses of one visitor (by customer or browser)." {...limit("customer")} />
      </SettingCard>

      <SettingCard title="Schedule" description="Open and close the form at set times.">
        <div className="grid gap-4" onBlur={leaveSchedule}>
          <Toggle label="Schedule the form" description="Outside the period visitors see “This form is not open right now”."
            checked={draft.schedule.enabled} disabled={readonly} onChange={(enabled) => schedule({ enabled }, true)} />
          <Field label="Time zone" hint={`Times below are in this zone (now ${offsetLabel(draft.schedule.tz)}).`}>
            {(p) => (
              <Select {...p} value={draft.schedule.tz} disabled={readonly} onChange={(e) => schedule({ tz: e.target.value }, true)}>
                {zones.map((tz) => <option key={tz} value={tz}>{tz.replaceAll("_", " ")}</option>)}
              </Select>
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Opens at" hint="Empty: open from now.">
              {(p) => <Input {...p} type="datetime-local" value={draft.schedule.open} disabled={readonly} onKeyDown={saveOnEnter} onChange={(e) => schedule({ open: e.target.value })} />}
            </Field>
            <Field label="Closes at" hint="Empty: no end.">
              {(p) => <Input {...p} type="datetime-local" value={draft.schedule.close} disabled={readonly} onKeyDown={saveOnEnter} onChange={(e) => schedule({ close: e.target.value })} />}
            </Field>
          </div>
          {draft.errors.schedule ? <p role="alert" className="text-xs text-danger">{draft.errors.schedule}</p> : null}
        </div>
      </SettingCard>

      <SettingCard title="After a response" description="Where visitors go once they have answered.">
        <Field label="Redirect to" error={draft.errors.redirect} hint="An http:// or https:// address. Empty: the ending page of the form.">
          {(p) => (
            <Input {...p} type="url" placeholder="https://example.com/thanks" value={draft.redirect} disabled={readonly} onKeyDown={saveOnEnter}
              onChange={(e) => dispatchDraft({ type: "redirect", text: e.target.value })} onBlur={() => save("redirect", checkRedirect(draft.redirect))} />
          )}
        </Field>
      </SettingCard>

      <SettingCard title="Submission" description="Answers are always sent in the request body (POST), never in the address, where browser history and server logs would keep them. What the form does with fields it does not know:">
        <ChoiceGroup legend="Unknown fields" name="unknown-fields" value={s.unknown_field_handling_strategy} choices={UNKNOWN} disabled={readonly}
          onChange={(strategy) => setting({ ok: true, name: "unknown-fields", values: { strategy } })} />
      </SettingCard>

      <ConfirmDialog
        open={draft.confirming_close}
        onClose={() => dispatchDraft({ type: "confirm-close", open: false })}
        title="Close this form?"
        confirmLabel="Close form"
        danger
        onConfirm={async () => store.dispatch(command("settings", { name: "force-close-form", values: { is_force_closed: true } }))}
      >
        Visitors can no longer answer it: they see “This form is closed” until you open it again. Responses already received stay.
      </ConfirmDialog>
    </div>
  );
}
