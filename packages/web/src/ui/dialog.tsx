/** @jsxRuntime automatic */
/**
 * Modal dialogs on the native `<dialog>`: the browser traps focus, closes on Escape and
 * puts the dialog in the top layer. `Dialog` is the centred one with a title; `Sheet`
 * slides in from the left (the sidebar on mobile). Content mounts only while open, so a
 * form inside starts fresh each time, and only once the dialog is shown (in the same frame),
 * so `autoFocus` inside it works: React focuses on mount, which fails on a closed dialog.
 */
import { useId, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from "react";
import { X } from "lucide-react";
import { cn } from "./cn";

/** Shows or closes the dialog; answers whether its content may mount (the dialog is shown). */
function useModal(ref: RefObject<HTMLDialogElement | null>, open: boolean): boolean {
  const [shown, setShown] = useState(false);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
    setShown(open);
  }, [ref, open]);
  return open && shown;
}

interface ModalProps {
  open: boolean;
  /** Escape, the close button, a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

const closeOnBackdrop = (onClose: () => void) => (event: MouseEvent<HTMLDialogElement>) => {
  if (event.target === event.currentTarget) onClose();
};

export interface DialogProps extends ModalProps {
  title: ReactNode;
  description?: ReactNode;
  /** `alertdialog` for confirmations. */
  role?: "alertdialog";
  /** False while the dialog holds something a stray click must not lose (a token shown once). */
  closeOnBackdrop?: boolean;
}

export function Dialog(props: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const shown = useModal(ref, props.open);
  return (
    <dialog
      ref={ref}
      role={props.role}
      aria-labelledby={titleId}
      aria-describedby={props.description ? descriptionId : undefined}
      onClose={props.onClose}
      onClick={props.closeOnBackdrop === false ? undefined : closeOnBackdrop(props.onClose)}
      className={cn(
        "m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-line bg-card p-0 text-fg shadow-pop",
        props.className,
      )}
    >
      {shown ? (
        <div className="p-6">
          <div className="flex items-start gap-4">
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="text-base font-semibold text-fg">{props.title}</h2>
              {props.description ? <p id={descriptionId} className="mt-1 text-sm text-muted">{props.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={props.onClose}
              aria-label="Close"
              className="focus-ring -mt-1 -mr-2 grid size-8 shrink-0 cursor-pointer place-items-center rounded-md text-muted hover:bg-subtle hover:text-fg"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
          <div className="mt-6">{props.children}</div>
        </div>
      ) : null}
    </dialog>
  );
}

export function Sheet(props: ModalProps & { label: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const shown = useModal(ref, props.open);
  return (
    <dialog
      ref={ref}
      aria-label={props.label}
      onClose={props.onClose}
      onClick={closeOnBackdrop(props.onClose)}
      className={cn(
        "my-0 mr-auto ml-0 h-dvh max-h-none w-72 max-w-[85vw] border-r border-line bg-sidebar p-0 text-fg shadow-pop",
        props.className,
      )}
    >
      {shown ? props.children : null}
    </dialog>
  );
}
