/**
 * Save of the record editor: a create posts every field (`insertRow`), an update PATCHes the
 * changed keys (`updateRow`), both checked first by core's rules. A refusal shows in the
 * panel (under the field it names, and in the footer) and as a toast; a success toasts and
 * hands the stored row to the grid. Leaving the panel aborts a save in flight.
 */
import { useEffect, useRef, type Dispatch } from "react";
import type { FormField } from "@fieldwork/core";
import { insertRow, updateRow, type Row, type TableRef } from "../../../api/data-api";
import { isAbort, isUnauthorized, messageOf } from "../../../api/http";
import { redirectToSignIn } from "../../../session/redirect";
import { toast } from "../../../shell/toast-store";
import type { RecordAction, RecordState } from "./record-state";
import { draftsOf, insertValues, patchValues, refusalField } from "./record-values";

export interface RecordSaveTarget {
  fields: readonly FormField[];
  row: Row | null;
  table: TableRef;
  csrf_token: string;
  /** `created`: a new row (the grid counts again: see data-table-view.tsx). */
  onSaved: (row: Row, created: boolean) => void;
}

export function useRecordSave(state: RecordState, dispatch: Dispatch<RecordAction>, target: RecordSaveTarget): () => Promise<void> {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  return async () => {
    if (state.saving || !state.editing) return;
    const { fields, row, table, csrf_token, onSaved } = target;
    const creating = state.mode === "create";
    const plan = creating ? insertValues(fields, state.drafts) : patchValues(fields, state.base, state.drafts);
    if (!plan.ok) return dispatch({ type: "save-blocked" });
    if (!creating && (!row || Object.keys(plan.values).length === 0)) return dispatch({ type: "cancel-edit" });
    // A connected table fills what a new row leaves empty (its defaults, a serial key): nulls are not sent.
    const values = creating && table.connection_id ? Object.fromEntries(Object.entries(plan.values).filter(([, v]) => v !== null)) : plan.values;

    dispatch({ type: "save-started" });
    controller.current = new AbortController();
    const ctx = { csrf_token, signal: controller.current.signal };
    try {
      const stored = creating ? await insertRow(table, values, ctx) : await updateRow(table, row!, values, ctx);
      dispatch({ type: "saved", row: stored, drafts: draftsOf(fields, creating ? null : stored) });
      toast.success(creating ? "Record created" : "Record saved");
      onSaved(stored, creating);
    } catch (error) {
      if (isAbort(error)) return;
      if (isUnauthorized(error)) return redirectToSignIn();
      const message = messageOf(error);
      dispatch({ type: "save-refused", refusal: { message, field: refusalField(fields, message) } });
      toast.error(message);
    }
  };
}
