/** @jsxRuntime automatic */
/**
 * `/account`: the name others see (members lists, cursors), the password and where you are
 * signed in. Changing the password signs out every other session; this tab gets a new
 * session, so `/me` (and its CSRF token) loads again, and so does the sessions list.
 */
import { useState } from "react";
import { Button } from "../../ui/button";
import { Card, CardHeader } from "../../ui/card";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { changePassword } from "../api/auth";
import { updateProfile } from "../api/me";
import type { Me } from "../api/types";
import { useForm } from "../forms/use-form";
import { passwordErrorField, validateChangePassword, validateProfile, type ChangePasswordValues, type ProfileValues } from "../forms/validation";
import { useSession } from "../session/session-context";
import { PageBody, PageHeader } from "../shell/page";
import { toast } from "../shell/toast-store";
import { initialsOf } from "../shell/initials";
import { WorkspaceFrame } from "../shell/workspace-frame";
import { FormAlert } from "./auth-layout";
import { DeleteAccountSection } from "./delete-account";
import { SessionsSection } from "./sessions-section";

const nameOf = (me: Me) => me.profile?.display_name || me.user.name;

function ProfileForm({ me, onSaved }: { me: Me; onSaved: () => void }) {
  const { replace } = useSession();
  const { state, onSubmit, field } = useForm<ProfileValues>({
    initial: { display_name: nameOf(me) },
    validate: validateProfile,
    async submit(values) {
      const display_name = values.display_name.trim();
      if (display_name !== nameOf(me)) {
        replace(await updateProfile({ display_name }, { csrf_token: me.csrf_token }));
        toast.success("Your name is saved.");
      }
      onSaved();
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 p-4">
      <FormAlert message={state.message} />
      <div className="flex items-center gap-4">
        <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-full bg-selected text-sm font-medium text-fg">
          {initialsOf(state.values.display_name || nameOf(me), me.user.email)}
        </span>
        <div className="min-w-0 text-sm">
          <p className="truncate font-medium text-fg">{me.user.email}</p>
          <p className="text-xs text-muted">Your sign-in email. Photo upload comes with file storage.</p>
        </div>
      </div>
      <Field label="Display name" error={state.errors.display_name} hint="Shown to the members of your organizations.">
        {(p) => <Input {...p} {...field("display_name")} autoComplete="name" maxLength={80} />}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" variant="primary" loading={state.submitting}>Save name</Button>
      </div>
    </form>
  );
}

function PasswordForm({ email, onChanged }: { email: string; onChanged: () => void }) {
  const { refresh } = useSession();
  const { state, onSubmit, field } = useForm<ChangePasswordValues>({
    initial: { current: "", next: "", confirm: "" },
    validate: validateChangePassword,
    errorField: passwordErrorField("current"),
    async submit(values) {
      await changePassword({ currentPassword: values.current, newPassword: values.next });
      await refresh();
      toast.success("Password changed. Other devices are signed out.");
      onChanged();
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 p-4">
      <FormAlert message={state.message} />
      {/* For password managers: whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field label="Current password" error={state.errors.current}>
        {(p) => <Input {...p} {...field("current")} type="password" autoComplete="current-password" />}
      </Field>
      <Field label="New password" error={state.errors.next} hint="At least 8 characters.">
        {(p) => <Input {...p} {...field("next")} type="password" autoComplete="new-password" />}
      </Field>
      <Field label="Confirm new password" error={state.errors.confirm}>
        {(p) => <Input {...p} {...field("confirm")} type="password" autoComplete="new-password" />}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" variant="primary" loading={state.submitting}>Change password</Button>
      </div>
    </form>
  );
}

export function AccountPage({ me }: { me: Me }) {
  // A saved form starts over (fresh values, not submitting) under a new key.
  const [generation, setGeneration] = useState({ profile: 0, password: 0 });
  return (
    <WorkspaceFrame me={me} crumbs={[{ label: "Account" }]}>
      <PageBody>
        <PageHeader title="Account" description="Your name, your password and where you are signed in." />
        <div className="grid max-w-2xl gap-4">
          <Card aria-labelledby="profile-title">
            <CardHeader id="profile-title" title="Profile" description="How you appear to others in Fieldwork." />
            <ProfileForm key={generation.profile} me={me} onSaved={() => setGeneration((g) => ({ ...g, profile: g.profile + 1 }))} />
          </Card>
          <Card aria-labelledby="password-title">
            <CardHeader id="password-title" title="Password" description="Changing it signs you out on every other device." />
            <PasswordForm key={generation.password} email={me.user.email} onChanged={() => setGeneration((g) => ({ ...g, password: g.password + 1 }))} />
          </Card>
          <SessionsSection key={`sessions-${generation.password}`} csrf_token={me.csrf_token} />
          <DeleteAccountSection csrf_token={me.csrf_token} />
        </div>
      </PageBody>
    </WorkspaceFrame>
  );
}
