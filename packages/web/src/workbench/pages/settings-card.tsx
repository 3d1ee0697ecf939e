/** @jsxRuntime automatic */
import { useState, type FormEvent, type ReactNode } from "react";
import { Trash2 } from "lucide-react";
import { Button } from "../../ui/button";
import { Card, CardHeader } from "../../ui/card";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { FormAlert } from "./auth-layout";

interface DangerZoneProps {
  title: string;
  description: ReactNode;
  confirmTitle: string;
  confirmBody: ReactNode;
  label: string;
  onDelete: () => Promise<unknown>;
}

/**
 * The last row of a settings card: what deleting does, and a red button that asks first.
 * `onDelete` reports its own failure (a toast) and leaves the page on success.
 */
function DangerZone(props: DangerZoneProps) {
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

/**
 * An owner's settings card (organization, project): the form's fields, its submit button,
 * then the danger zone.
 */
export function SettingsCard(props: {
  id: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  message: string | null;
  submitting: boolean;
  submitLabel: string;
  danger: DangerZoneProps;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={props.id}>
      <CardHeader id={props.id} title="Settings" description="Only owners see and change these." />
      <form noValidate onSubmit={props.onSubmit} className="grid gap-4 p-4">
        <FormAlert message={props.message} />
        {props.children}
        <div className="flex justify-end">
          <Button type="submit" variant="primary" loading={props.submitting}>{props.submitLabel}</Button>
        </div>
      </form>
      <DangerZone {...props.danger} />
    </Card>
  );
}
