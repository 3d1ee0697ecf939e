/** @jsxRuntime automatic */
import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "./cn";

/** What a view shows when there is nothing (yet): an icon, one sentence, maybe one action. */
export function EmptyState(props: { icon: LucideIcon; title: ReactNode; children?: ReactNode; action?: ReactNode; className?: string }) {
  const Icon = props.icon;
  return (
    <div className={cn("flex flex-col items-center justify-center px-6 py-12 text-center", props.className)}>
      <span className="grid size-10 place-items-center rounded-lg border border-line bg-card text-muted shadow-xs" aria-hidden="true">
        <Icon className="size-5" strokeWidth={1.75} />
      </span>
      <h2 className="mt-4 text-base font-medium text-balance text-fg">{props.title}</h2>
      {props.children ? <div className="mt-1 max-w-sm text-sm text-pretty text-muted">{props.children}</div> : null}
      {props.action ? <div className="mt-6 flex items-center gap-2">{props.action}</div> : null}
    </div>
  );
}
