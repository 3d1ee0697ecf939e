/** @jsxRuntime automatic */
import { useState, type ReactNode } from "react";
import { Trash2 } from "lucide-react";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";

/**
 * The last row of a settings card: what deleting does, and a red button that asks first.
 * `onDelete` reports its own failure (a toast) and leaves the page on success.
 */
export function DangerZone(props: { title: string; description: ReactNode; confirmTitle: string; confirmBody: ReactNode; label: string; onDelete: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-3 border-t border-line p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-fg">{props.title}</p>
        <p className="text-xs text-muted">{props.description}</p>
      </div>
      <Button variant="danger" className="self-start sm:self-auto" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" />
        {props.label}
      </Button>
      <ConfirmDialog open={confirming} onClose={() => setConfirming(false)} title={props.confirmTitle} confirmLabel={props.label} danger onConfirm={props.onDelete}>
        {props.confirmBody}
      </ConfirmDialog>
    </div>
  );
}
