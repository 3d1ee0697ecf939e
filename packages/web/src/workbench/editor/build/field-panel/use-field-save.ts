/**
 * Save from the field panel: update-field through the Build reducer, closed on success, the
 * server's refusal (FIELD_NAME_TAKEN, FIELD_TYPE_CHANGE_REFUSED with its rows…) kept in the
 * panel otherwise.
 */
import type { FieldDefinition } from "@fieldwork/core";
import { command } from "../build-reducer";
import { useQueuedSave } from "../use-queued-save";

export function useFieldSave(onSaved: () => void, onRefused: (message: string) => void) {
  const save = useQueuedSave(onSaved, onRefused);
  return (field_id: string, field: FieldDefinition) => save(command("update-field", { field_id, field }));
}
