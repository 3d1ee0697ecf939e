/** @jsxRuntime automatic */
import type { ReactNode } from "react";
import { Button } from "./button";

/** A dialog form's footer: Cancel, then the submit button (a spinner while it runs). */
export function FormActions({ onCancel, submitting, children }: { onCancel: () => void; submitting: boolean; children: ReactNode }) {
  return (
    <div className="mt-2 flex justify-end gap-2">
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant="primary" loading={submitting}>{children}</Button>
    </div>
  );
}
