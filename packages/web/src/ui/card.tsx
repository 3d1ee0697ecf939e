/** @jsxRuntime automatic */
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

export function Card({ className, ...props }: ComponentProps<"section">) {
  return <section className={cn("rounded-lg border border-line bg-card shadow-xs", className)} {...props} />;
}

/** A card's title row: 48px, title left, actions right. */
export function CardHeader(props: { title: ReactNode; description?: ReactNode; actions?: ReactNode; className?: string; id?: string }) {
  return (
    <header className={cn("flex min-h-12 items-center gap-3 border-b border-line px-4 py-2", props.className)}>
      <div className="min-w-0 flex-1">
        <h2 id={props.id} className="truncate text-sm font-medium text-fg">{props.title}</h2>
        {props.description ? <p className="text-xs text-muted sm:truncate">{props.description}</p> : null}
      </div>
      {props.actions ? <div className="flex shrink-0 items-center gap-2">{props.actions}</div> : null}
    </header>
  );
}
