/**
 * Partial answers (spec 1 §7): when a field changes, its value is sent to
 * `PATCH /v1/session/{session_id}/field/{field_id}` after `FIELD_SYNC_DEBOUNCE_MS` of quiet,
 * debounced per field. Listens once on the form (input events bubble); sync failures are
 * ignored, the submit carries every value anyway.
 */
import { useCallback, useEffect, useRef, type FormEvent } from "react";
import { FIELD_SYNC_DEBOUNCE_MS, type FormField } from "@fieldwork/core";
import { patchFieldValue } from "./api";
import { syncValueOf } from "./sync-value";

export interface SessionSync {
  /** The form's `onInput` handler. */
  onInput: (event: FormEvent<HTMLFormElement>) => void;
  /** Drops pending syncs (on submit: the submission carries the values). */
  cancel: () => void;
}

export function useSessionSync(fields_by_name: ReadonlyMap<string, FormField>, session_id: string | null): SessionSync {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const session = useRef(session_id);
  useEffect(() => {
    session.current = session_id;
  }, [session_id]);

  const cancel = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
  }, []);
  useEffect(() => cancel, [cancel]);

  const onInput = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const target = event.target;
      if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement)) return;
      const field = fields_by_name.get(target.name);
      if (!field) return;
      const pending = timers.current.get(field.id);
      if (pending) clearTimeout(pending);
      const timer = setTimeout(() => {
        timers.current.delete(field.id);
        const session_id = session.current;
        if (!session_id) return;
        const raw = new FormData(form).getAll(field.name).filter((v): v is string => typeof v === "string");
        patchFieldValue(session_id, field.id, syncValueOf(field, raw)).catch(() => undefined);
      }, FIELD_SYNC_DEBOUNCE_MS);
      timers.current.set(field.id, timer);
    },
    [fields_by_name],
  );

  return { onInput, cancel };
}
