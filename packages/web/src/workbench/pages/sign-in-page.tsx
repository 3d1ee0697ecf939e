/** @jsxRuntime automatic */
import { useState } from "react";
import { Button } from "../../ui/button";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { signIn } from "../api/auth";
import { useForm } from "../forms/use-form";
import { validateSignIn, type SignInValues } from "../forms/validation";
import { navigate } from "../router/history";
import { Link } from "../router/link";
import { authPath, leadsToInvitation, safeNextPath, SIGN_UP_PATH } from "../router/routes";
import { useSession } from "../session/session-context";
import { AuthLayout, FormAlert } from "./auth-layout";

/** `/sign-in`: email and password; then back to `?next=` or home. */
export function SignInPage({ next }: { next: string | null }) {
  const { reset } = useSession();
  const [forgot, setForgot] = useState(false);
  const { state, onSubmit, field } = useForm<SignInValues>({
    initial: { email: "", password: "" },
    validate: validateSignIn,
    async submit(values) {
      await signIn({ email: values.email.trim(), password: values.password });
      reset();
      navigate(safeNextPath(next), { replace: true });
    },
  });
  return (
    <AuthLayout
      title="Sign in to Fieldwork"
      description={leadsToInvitation(next) ? "Sign in to accept your invitation. New here? Create an account first." : "Welcome back. Enter your email and password."}
      footer={
        <>
          No account yet?{" "}
          <Link href={authPath(SIGN_UP_PATH, next)} className="focus-ring rounded font-medium text-fg underline-offset-4 hover:underline">Create one</Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormAlert message={state.message} />
        <Field label="Email" error={state.errors.email}>
          {(p) => <Input {...p} {...field("email")} type="email" autoComplete="email" autoFocus placeholder="you@example.com" />}
        </Field>
        <Field
          label="Password"
          error={state.errors.password}
          aside={
            <button type="button" aria-expanded={forgot} aria-controls={forgot ? "forgot-note" : undefined} onClick={() => setForgot((f) => !f)} className="focus-ring cursor-pointer rounded text-xs text-muted hover:text-fg">
              Forgot?
            </button>
          }
        >
          {(p) => <Input {...p} {...field("password")} type="password" autoComplete="current-password" />}
        </Field>
        {forgot ? (
          <p id="forgot-note" className="rounded-md bg-subtle px-3 py-2 text-xs text-muted">
            This Fieldwork cannot send email. Ask whoever runs it to set a new password with{" "}
            <code className="font-mono text-fg">npm run cli -- users set-password</code>.
          </p>
        ) : null}
        <Button type="submit" variant="primary" className="mt-2 w-full" loading={state.submitting}>Sign in</Button>
      </form>
    </AuthLayout>
  );
}
