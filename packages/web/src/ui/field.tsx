/** @jsxRuntime automatic */
/**
 * A labelled form control with its hint or error. The control is a render prop that gets
 * the id, `aria-invalid` and `aria-describedby` to spread, so label, message and control
 * are always wired together:
 *
 *   <Field label="Email" error={errors.email}>{(p) => <Input {...p} type="email" />}</Field>
 */
import { useId, type ReactNode } from "react";
import { Label } from "./label";

export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export function Field(props: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Right of the label, like a "Forgot?" link. */
  aside?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = props.error || props.hint;
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{props.label}</Label>
        {props.aside}
      </div>
      {props.children({ id, "aria-invalid": props.error ? true : undefined, "aria-describedby": message ? messageId : undefined })}
      {props.error ? (
        <p id={messageId} className="text-xs text-danger">{props.error}</p>
      ) : props.hint ? (
        <p id={messageId} className="text-xs text-muted">{props.hint}</p>
      ) : null}
    </div>
  );
}
