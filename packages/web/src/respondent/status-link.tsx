/** @jsxRuntime automatic */
/**
 * The link under a status card (back to the form, to the site): the server-rendered status
 * pages and the editor's preview draw it, the public form's script never does, so it lives
 * apart from status-card.tsx (which the form's first load carries).
 */
import type { ReactNode } from "react";

export function StatusLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      className="inline-flex min-h-12 items-center justify-center rounded-xl border border-line bg-card px-5 text-base font-medium text-fg transition-colors hover:bg-subtle focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft"
    >
      {children}
    </a>
  );
}
