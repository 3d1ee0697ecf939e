/** @jsxRuntime automatic */
import { useState, type ReactNode } from "react";
import { TriangleAlert } from "lucide-react";
import { Button } from "../../ui/button";
import { CopyButton } from "../../ui/copy-button";
import { Dialog } from "../../ui/dialog";
import { Field } from "../../ui/field";
import { toast } from "../shell/toast-store";

/**
 * A secret shown this one time (an API key's token, an invitation link): a warning, the
 * value (selectable) with Copy, and Done.
 */
export function SecretOnce({ label, value, hint, warning, onDone, rows = 2 }: { label: string; value: string; hint: ReactNode; warning: ReactNode; onDone: () => void; rows?: number }) {
  return (
    <div className="grid gap-4">
      <div role="alert" className="flex gap-3 rounded-md border border-warning/30 bg-warning-soft px-3 py-2.5 text-sm text-fg">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <p>{warning}</p>
      </div>
      <Field label={label} hint={hint}>
        {(p) => (
          <div className="flex items-start gap-2">
            <textarea
              {...p}
              readOnly
              autoFocus
              rows={rows}
              value={value}
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 resize-none rounded-md border border-line-strong bg-subtle px-3 py-2 font-mono text-xs leading-5 break-all text-fg outline-none transition-[border-color,box-shadow] duration-150 focus:border-accent focus:ring-3 focus:ring-accent-soft"
            />
            <CopyButton text={value} onFailure={() => toast.error(`Could not copy. Select the ${label.toLowerCase()} and copy it by hand.`)} />
          </div>
        )}
      </Field>
      <div className="mt-2 flex justify-end">
        <Button variant="primary" onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

/**
 * A dialog that makes a secret, then shows it once: `form` first, `reveal` after `onCreated`.
 * Done, Escape or × closes it for good; a stray click outside does not once it is shown.
 */
export function RevealOnceDialog<T>(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  revealedTitle: string;
  description: string;
  /** After the secret is made (lists load again). */
  onCreated: () => void;
  form: (actions: { onCreated: (created: T) => void; onCancel: () => void }) => ReactNode;
  reveal: (created: T, done: () => void) => ReactNode;
}) {
  const [created, setCreated] = useState<T | null>(null);
  const close = () => {
    setCreated(null);
    props.onClose();
  };
  const onCreated = (value: T) => {
    setCreated(value);
    props.onCreated();
  };
  return (
    <Dialog
      open={props.open}
      onClose={close}
      closeOnBackdrop={created === null}
      title={created === null ? props.title : props.revealedTitle}
      description={created === null ? props.description : undefined}
    >
      {created === null ? props.form({ onCreated, onCancel: close }) : props.reveal(created, close)}
    </Dialog>
  );
}
