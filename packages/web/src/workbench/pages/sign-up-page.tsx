/** @jsxRuntime automatic */
import { Button } from "../../ui/button";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { signUp } from "../api/auth";
import { useForm } from "../forms/use-form";
import { MIN_PASSWORD_LENGTH, validateSignUp, type SignUpValues } from "../forms/validation";
import { navigate } from "../router/history";
import { Link } from "../router/link";
import { authPath, leadsToInvitation, safeNextPath, SIGN_IN_PATH } from "../router/routes";
import { useSession } from "../session/session-context";
import { AuthLayout, FormAlert } from "./auth-layout";

/** `/sign-up`: name, email, password (8+); signs in and goes to `?next=` or home. */
export function SignUpPage({ next }: { next: string | null }) {
  const { reset } = useSession();
  const { state, onSubmit, field } = useForm<SignUpValues>({
    initial: { name: "", email: "", password: "" },
    validate: validateSignUp,
    async submit(values) {
      await signUp({ email: values.email.trim(), password: values.password, name: values.name.trim() });
      reset();
      navigate(safeNextPath(next), { replace: true });
    },
    errorField: (code) => (code.includes("PASSWORD") ? "password" : code.includes("EMAIL") || code.includes("USER_ALREADY_EXISTS") ? "email" : null),
  });
  return (
    <AuthLayout
      title="Create your account"
      description={leadsToInvitation(next) ? "Create your account, then accept your invitation." : "Build forms and keep every response in a real table."}
      footer={
        <>
          Already have an account?{" "}
          <Link href={authPath(SIGN_IN_PATH, next)} className="focus-ring rounded font-medium text-fg underline-offset-4 hover:underline">Sign in</Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormAlert message={state.message} />
        <Field label="Name" error={state.errors.name}>
          {(p) => <Input {...p} {...field("name")} autoComplete="name" autoFocus placeholder="Ada Lovelace" />}
        </Field>
        <Field label="Email" error={state.errors.email}>
          {(p) => <Input {...p} {...field("email")} type="email" autoComplete="email" placeholder="you@example.com" />}
        </Field>
        <Field label="Password" error={state.errors.password} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
          {(p) => <Input {...p} {...field("password")} type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} />}
        </Field>
        <Button type="submit" variant="primary" className="mt-2 w-full" loading={state.submitting}>Create account</Button>
      </form>
    </AuthLayout>
  );
}
