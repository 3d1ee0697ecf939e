/**
 * Every form of the workbench (sign-in, new organization, new document…) as one reducer:
 * values, errors per field, a message for the whole form, and whether it is submitting.
 */
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export interface FormState<V> {
  values: V;
  errors: FieldErrors<V>;
  /** A failure that is not about one field (wrong password, server down). */
  message: string | null;
  submitting: boolean;
}

export type FormAction<V> =
  | { type: "change"; field: keyof V & string; value: V[keyof V & string] }
  | { type: "invalid"; errors: FieldErrors<V> }
  | { type: "submit" }
  /** The action ran: a form that stays on screen (settings) can be used again. */
  | { type: "succeeded" }
  | { type: "failed"; message: string | null; errors?: FieldErrors<V> };

export const initForm = <V>(values: V): FormState<V> => ({ values, errors: {}, message: null, submitting: false });

export function formReducer<V>(state: FormState<V>, action: FormAction<V>): FormState<V> {
  switch (action.type) {
    case "change": {
      const { [action.field]: _cleared, ...errors } = state.errors;
      return { ...state, values: { ...state.values, [action.field]: action.value }, errors: errors as FieldErrors<V>, message: null };
    }
    case "invalid":
      return { ...state, errors: action.errors, message: null, submitting: false };
    case "submit":
      return { ...state, errors: {}, message: null, submitting: true };
    case "succeeded":
      return { ...state, submitting: false };
    case "failed":
      return { ...state, errors: action.errors ?? {}, message: action.message, submitting: false };
  }
}

export const hasErrors = <V>(errors: FieldErrors<V>) => Object.values(errors).some(Boolean);
