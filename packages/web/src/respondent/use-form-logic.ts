/**
 * Live logic for the public form: `refresh` re-reads the inputs (on every input event and
 * after restored answers) and re-evaluates; blocks show and hide and computed values update.
 */
import { useCallback, useState, type RefObject } from "react";
import type { FormPreload } from "@fieldwork/core";
import { evaluatePageLogic, formHasLogic, formRaw, NO_LOGIC, prefilledLogic, samePageLogic, type PageLogic } from "./form-logic-state";
import type { Prefill } from "./prefill";

export function useFormLogic(preload: Pick<FormPreload, "fields" | "blocks">, prefill: Prefill, formRef: RefObject<HTMLFormElement | null>) {
  const { fields, blocks } = preload;
  const active = formHasLogic(fields, blocks);
  const [logic, setLogic] = useState<PageLogic>(() => (active ? prefilledLogic(fields, blocks, prefill) : NO_LOGIC));
  const refresh = useCallback(() => {
    const form = formRef.current;
    if (!active || !form) return;
    const next = evaluatePageLogic(fields, blocks, formRaw(form));
    setLogic((current) => (samePageLogic(current, next) ? current : next));
  }, [active, fields, blocks, formRef]);
  return { logic, refresh };
}
