/** @jsxRuntime automatic */
/**
 * "Are you sure?" before something that cannot be undone (delete, revoke, remove). The
 * confirm button spins while `onConfirm` runs; the dialog closes when it settles, so a
 * failure is for the caller to report (a toast: the modal would cover it otherwise).
 */
import { useState, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

/** The words of a confirmation, for views that build them as data. */
export interface Confirmation {
  title: string;
  body: string;
  confirmLabel: string;
}

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What happens, in a sentence or two (phrasing content: it is the dialog's description). */
  children: ReactNode;
  confirmLabel: string;
  /** Red confirm button (destructive actions). */
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
}

function ConfirmActions(props: Omit<ConfirmDialogProps, "open" | "title" | "children">) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await props.onConfirm();
    } finally {
      props.onClose();
    }
  };
  return (
    <div className="flex justify-end gap-2">
      <Button onClick={props.onClose} disabled={pending} autoFocus>Cancel</Button>
      <Button variant={props.danger ? "danger" : "primary"} loading={pending} onClick={() => void confirm()}>{props.confirmLabel}</Button>
    </div>
  );
}

export function ConfirmDialog({ open, title, children, ...props }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={props.onClose} title={title} description={children} role="alertdialog">
      <ConfirmActions {...props} />
    </Dialog>
  );
}
