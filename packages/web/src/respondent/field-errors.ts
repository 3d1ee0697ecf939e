/**
 * The refused fields of the last submit, by field name, for the renderers: each field shows
 * its own message under it (spec 1 §5) with `aria-invalid` and `aria-describedby`.
 */
import { createContext, createElement, useContext, useMemo, type ReactNode } from "react";
import type { FieldError } from "@fieldwork/core";

const NONE: ReadonlyMap<string, FieldError> = new Map();

const FieldErrorsContext = createContext<ReadonlyMap<string, FieldError>>(NONE);

/** Provides `errors` (the last refusal's `field_errors`, or none) to the fields below. */
export function FieldErrorsProvider({ errors, children }: { errors: readonly FieldError[] | undefined; children: ReactNode }) {
  const byName = useMemo(() => (errors?.length ? new Map(errors.map((e) => [e.field, e])) : NONE), [errors]);
  return createElement(FieldErrorsContext, { value: byName }, children);
}

/** The refusal of one field, if the last submit refused it. */
export function useFieldError(name: string): FieldError | undefined {
  return useContext(FieldErrorsContext).get(name);
}
