import { createContext, useContext } from "react";
import type { FormIndex } from "./form-index";
import type { Prefill } from "./prefill";

/** The read-only form model the block renderers look things up in. */
export interface FormModel {
  index: FormIndex;
  prefill: Prefill;
}

export const FormModelContext = createContext<FormModel | null>(null);

export function useFormModel(): FormModel {
  const model = useContext(FormModelContext);
  if (!model) throw new Error("useFormModel must be used inside <FormModelContext>");
  return model;
}
