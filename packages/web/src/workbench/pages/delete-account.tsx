/** @jsxRuntime automatic */
/** The account page's last card: deleting the account, confirmed with the password. */
import { useState } from "react";
import { Trash2 } from "lucide-react";
import { Button } from "../../ui/button";
import { Card, CardHeader } from "../../ui/card";
import { Dialog } from "../../ui/dialog";
import { FormActions } from "../../ui/form-actions";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { deleteAccount } from "../api/me";
import { useForm } from "../forms/use-form";
import { passwordErrorField } from "../forms/validation";
import { navigate } from "../router/history";
import { SIGN_IN_PATH } from "../router/routes";
import { useSession } from "../session/session-context";
import { toast } from "../shell/toast-store";
import { FormAlert } from "./auth-layout";

function DeleteAccountForm({ csrf_token, onCancel }: { csrf_token: string; onCancel: () => void }) {
  const { reset } = useSession();
  const { state, onSubmit, field } = useForm<{ password: string }>({
    initial: { password: "" },
    validate: (values) => ({ password: values.password ? undefined : "Enter your password to confirm." }),
    errorField: passwordErrorField("password"),
    async submit(values) {
      await deleteAccount({ password: values.password }, { csrf_token });
      reset();
      navigate(SIGN_IN_PATH, { replace: true });
      toast.success("Your account was deleted.");
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormAlert message={state.message} />
      <Field label="Password" error={state.errors.password}>
        {(p) => <Input {...p} {...field("password")} type="password" autoComplete="current-password" autoFocus />}
      </Field>
      <FormActions onCancel={onCancel} submitting={state.submitting} danger>Delete my account</FormActions>
    </form>
  );
}

export function DeleteAccountSection({ csrf_token }: { csrf_token: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Card aria-labelledby="delete-account-title">
      <CardHeader id="delete-account-title" title="Delete account" description="Your sign-in, your sessions and your memberships go. Organizations you own alone must get another owner first." />
      <div className="flex justify-end p-4">
        <Button variant="danger" onClick={() => setOpen(true)}><Trash2 aria-hidden="true" />Delete account</Button>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title="Delete your account?" description="This cannot be undone. Enter your password to confirm." role="alertdialog">
        <DeleteAccountForm csrf_token={csrf_token} onCancel={() => setOpen(false)} />
      </Dialog>
    </Card>
  );
}
