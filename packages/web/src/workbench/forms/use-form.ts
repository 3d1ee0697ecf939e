/**
 * A form on formReducer: validates on submit (focusing the first invalid control), runs the
 * action, and shows its failure. `errorField` maps a server error code onto a field (a
 * taken name shows under the name, not as a banner).
 */
import { useReducer, type ChangeEvent, type FormEvent } from "react";
import { ApiError, messageOf } from "../api/http";
import { formReducer, hasErrors, initForm, type FieldErrors, type FormAction, type FormState } from "./form-state";

export interface UseFormOptions<V> {
  initial: V;
  validate: (values: V) => FieldErrors<V>;
  submit: (values: V) => Promise<void>;
  errorField?: (code: string) => (keyof V & string) | null;
}

export function useForm<V extends Record<string, string>>(options: UseFormOptions<V>) {
  const [state, dispatch] = useReducer(formReducer<V>, options.initial, initForm) as [FormState<V>, (action: FormAction<V>) => void];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.submitting) return;
    const form = event.currentTarget;
    const errors = options.validate(state.values);
    if (hasErrors(errors)) {
      dispatch({ type: "invalid", errors });
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    dispatch({ type: "submit" });
    try {
      await options.submit(state.values);
      dispatch({ type: "succeeded" });
    } catch (error) {
      const field = error instanceof ApiError ? options.errorField?.(error.code) : null;
      if (field) dispatch({ type: "failed", message: null, errors: { [field]: messageOf(error) } as FieldErrors<V> });
      else dispatch({ type: "failed", message: messageOf(error) });
    }
  };

  const field = (name: keyof V & string) => ({
    name,
    value: state.values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => dispatch({ type: "change", field: name, value: event.target.value as V[keyof V & string] }),
  });

  return { state, dispatch, onSubmit, field };
}
