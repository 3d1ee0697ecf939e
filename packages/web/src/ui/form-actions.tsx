/** @jsxRuntime automatic */
import type { ReactNode } from "react";
import { Button } from "./button";

/** A dialog form's footer: Cancel, then the submit button (a spinner while it runs; red for a deletion). */
export function FormActions({ onCancel, submitting, danger = false, children }: { onCancel: () => void; submitting: boolean; danger?: boolean; children: ReactNode }) {
  return (
    <div className="mt-2 flex justify-end gap-2">
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant={danger ? "danger" : "primary"} loading={submitting}>{children}</Button>
    </div>
  );
}
