import { createContext, useContext } from "react";
import type { FormIndex } from "./form-index";
import { NO_LOGIC, type PageLogic } from "./form-logic-state";
import type { Prefill } from "./prefill";

/** The read-only form model the block renderers look things up in. */
export interface FormModel {
  index: FormIndex;
  prefill: Prefill;
  /** The form's language (`preload.lang`): country names. */
  lang: string;
}

export const FormModelContext = createContext<FormModel | null>(null);

export function useFormModel(): FormModel {
  const model = useContext(FormModelContext);
  if (!model) throw new Error("useFormModel must be used inside <FormModelContext>");
  return model;
}

/**
 * The form's live logic (use-form-logic.ts) and whether the page is interactive: before
 * that (server render, no JavaScript) blocks hidden by logic still show and nothing under an
 * expression is `required`, since the server decides what it requires.
 */
export interface FormLogicState {
  logic: PageLogic;
  interactive: boolean;
}

export const FormLogicContext = createContext<FormLogicState>({ logic: NO_LOGIC, interactive: false });

export const useFormLogicState = (): FormLogicState => useContext(FormLogicContext);
