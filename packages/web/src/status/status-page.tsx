/** @jsxRuntime automatic */
/** The body of a status page, rendered on the server only (no hydration). */
import { FormPage } from "../respondent/form-page";
import { StatusCard } from "../respondent/status-card";
import { StatusLink } from "../respondent/status-link";
import type { StatusContent } from "./status-content";
import { STATUS_ICONS } from "./status-icons";

export function StatusPage({ content, powered_by }: { content: StatusContent; powered_by: boolean }) {
  const main = content.link ? (
    <StatusLink href={content.link.href}>{content.link.label}</StatusLink>
  ) : null;
  const action = content.links?.length ? (
    <div className="flex flex-wrap items-center justify-center gap-3">
      {main}
      {content.links.map((link) => (
        <a key={link.href} href={link.href} className="px-2 py-3 text-base font-medium text-accent underline underline-offset-4">{link.label}</a>
      ))}
    </div>
  ) : main;
  return (
    <FormPage powered_by={powered_by}>
      <StatusCard icon={STATUS_ICONS[content.icon]} tone={content.tone} title={content.title} action={action}>
        {content.text.map((text) => (
          <p key={text}>{text}</p>
        ))}
        {content.html ? <div className="fw-prose text-start" dangerouslySetInnerHTML={{ __html: content.html }} /> : null}
        {content.code ? (
          <p className="mt-4">
            <code className="rounded-lg bg-subtle px-2.5 py-1 font-mono text-sm text-fg">{content.code}</code>
          </p>
        ) : null}
        {content.fields ? (
          <div className="mt-4" data-testid="missing-fields">
            <p className="text-sm">{content.fields_label}</p>
            <ul className="mt-1 flex flex-wrap justify-center gap-1.5">
              {content.fields.map((name) => (
                <li key={name} className="rounded-md bg-danger-soft px-1.5 py-0.5 font-mono text-xs text-danger">{name}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {content.details ? (
          <details className="mt-4 text-left">
            <summary className="cursor-pointer text-sm">{content.details_label}</summary>
            <pre className="mt-2 overflow-x-auto rounded-lg bg-subtle p-3 font-mono text-xs text-fg" data-testid="status-details">{content.details}</pre>
          </details>
        ) : null}
      </StatusCard>
    </FormPage>
  );
}
