/** @jsxRuntime automatic */
/**
 * A form's public state in the editor header: "Draft" with Publish, or "Live" with
 * Unpublish (confirmed: visitors lose the form) and the link to the public form. Viewers
 * see the state and the link only.
 */
import { useState } from "react";
import { formPath } from "@fieldwork/core";
import { ExternalLink } from "lucide-react";
import { Badge } from "../../ui/badge";
import { Button, buttonClass } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { updateDocument } from "../api/documents";
import type { EditorDocument } from "../api/types";
import { toastAction } from "../shell/toast-action";

export function PublishControl({ document, form_id, csrf_token, canPublish }: { document: EditorDocument; form_id: string; csrf_token: string; canPublish: boolean }) {
  const [published, setPublished] = useState(document.published === true);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const title = document.title || "The form";

  const toggle = async () => {
    setBusy(true);
    await toastAction(async () => {
      const updated = await updateDocument(document.id, { published: !published }, { csrf_token });
      setPublished(updated.published === true);
      return updated.published ? `${title} is live: anyone with its link can respond.` : `${title} is a draft again: its link shows “Form not found”.`;
    });
    setBusy(false);
  };

  return (
    <div className="flex items-center gap-2">
      {/* On a phone the button's label says the state; the badge stays for viewers. */}
      <span className={canPublish ? "hidden sm:flex" : "flex"}>
        <Badge className={published ? "border-success/40 text-success" : undefined}>{published ? "Live" : "Draft"}</Badge>
      </span>
      {canPublish ? (
        <Button size="sm" variant={published ? "secondary" : "primary"} loading={busy} onClick={() => (published ? setConfirming(true) : void toggle())}>
          {published ? "Unpublish" : "Publish"}
        </Button>
      ) : null}
      {published ? (
        <a href={formPath(form_id)} target="_blank" rel="noopener" aria-label="Open public form" className={buttonClass({ size: "sm" })}>
          <ExternalLink aria-hidden="true" />
          <span className="hidden sm:inline">Open public form</span>
        </a>
      ) : null}
      <ConfirmDialog open={confirming} onClose={() => setConfirming(false)} title={`Unpublish ${title}?`} confirmLabel="Unpublish" danger onConfirm={toggle}>
        Visitors who open its link will see “Form not found”, and answers in progress can no longer be submitted. Its responses stay.
      </ConfirmDialog>
    </div>
  );
}
