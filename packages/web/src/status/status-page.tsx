/** @jsxRuntime automatic */
/** The body of a status page, rendered on the server only (no hydration). */
import { FormPage } from "../respondent/form-page";
import { StatusCard, StatusLink } from "../respondent/status-card";
import type { StatusContent } from "./status-content";

export function StatusPage({ content, powered_by }: { content: StatusContent; powered_by: boolean }) {
  const action = content.link ? (
    <StatusLink href={content.link.href}>{content.link.label}</StatusLink>
  ) : null;
  return (
    <FormPage powered_by={powered_by}>
      <StatusCard icon={content.icon} tone={content.tone} title={content.title} action={action}>
        {content.text.map((text) => (
          <p key={text}>{text}</p>
        ))}
        {content.html ? <div className="fw-prose text-start" dangerouslySetInnerHTML={{ __html: content.html }} /> : null}
        {content.code ? (
          <p className="mt-4">
            <code className="rounded-lg bg-subtle px-2.5 py-1 font-mono text-sm text-fg">{content.code}</code>
          </p>
        ) : null}
      </StatusCard>
    </FormPage>
  );
}
