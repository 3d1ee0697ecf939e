/** @jsxRuntime automatic */
/**
 * The error badge at the top right (spec 1 §2.2): the message, the code and, when the error
 * is about fields (missing required hidden fields, invalid values), their names. A refused
 * answer lists each field with its message, linked to the message under the field: the
 * summary a visitor reads first, with or without JavaScript; its code (`INVALID_FIELD_VALUE`)
 * stays in `data-code`, never shown to the visitor fixing answers (issue 19). Other errors
 * (missing hidden fields, a failed network) show their code under the message.
 * The message is the form's language's sentence for the code (the server's English for a code
 * the catalogue does not word).
 */
import { useContext } from "react";
import { CircleAlert, X } from "lucide-react";
import type { FieldError } from "@fieldwork/core";
import { errorDomId } from "./fields/field-attrs";
import { FormModelContext } from "./form-model-context";
import type { BadgeError } from "./form-state";
import { useMessages } from "./messages";

export function ErrorBadge({ error, onDismiss }: { error: BadgeError; onDismiss?: () => void }) {
  const messages = useMessages();
  const known = `error.${error.code}`;
  const message = error.field_errors ? messages["form.invalid"]
    : Object.hasOwn(messages, known) ? messages[known as keyof typeof messages] : error.message;
  return (
    <div
      role="alert"
      data-testid="error-badge"
      data-code={error.code}
      className="fixed inset-x-3 top-3 z-50 ms-auto max-w-sm rounded-2xl border border-line bg-card p-4 shadow-card sm:start-auto sm:end-5 sm:top-5"
    >
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-fg">{message}</p>
          {error.field_errors ? null : <p className="mt-0.5 font-mono text-xs text-muted">{error.code}</p>}
          {error.field_errors ? (
            <FieldErrorList errors={error.field_errors} />
          ) : error.fields && error.fields.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-1.5">
              {error.fields.map((name) => (
                <li key={name} className="rounded-md bg-danger-soft px-1.5 py-0.5 font-mono text-xs text-danger">
                  {name}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {onDismiss ? (
          <button
            type="button"
            onClick={onDismiss}
            aria-label={messages["form.dismiss"]}
            className="-m-1.5 grid size-8 shrink-0 place-items-center rounded-lg text-muted hover:bg-subtle hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** Each refused field by its label, linked to its message under the field. */
function FieldErrorList({ errors }: { errors: readonly FieldError[] }) {
  const model = useContext(FormModelContext);
  return (
    <ul className="mt-2 space-y-1 text-sm" data-testid="field-error-summary">
      {errors.map((e) => (
        <li key={e.field}>
          <a href={`#${errorDomId({ name: e.field })}`} className="font-medium text-danger underline underline-offset-2">
            {model?.index.fields_by_name.get(e.field)?.label ?? e.field}
          </a>
          <span className="text-muted">: {e.message}</span>
        </li>
      ))}
    </ul>
  );
}
