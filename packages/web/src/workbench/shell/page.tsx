/** @jsxRuntime automatic */
/**
 * The layout of a page inside the frame: a centred column (max 1024px, 16/32px gutters),
 * a 56px title block (24px title, 14px description) with its actions, then sections 24px
 * apart. The skeletons here have the same sizes, so nothing moves when data arrives.
 */
import type { ReactNode } from "react";
import { CircleAlert, SearchX } from "lucide-react";
import { Skeleton } from "../../ui/skeleton";
import { EmptyState } from "../../ui/empty-state";
import { Button } from "../../ui/button";
import { Link } from "../router/link";
import { buttonClass } from "../../ui/button";

export function PageBody({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 md:px-8 md:py-8">{children}</div>;
}

export function PageHeader(props: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex min-h-14 flex-wrap items-start justify-between gap-x-4 gap-y-3">
      <div className="min-w-0">
        <h1 className="truncate text-2xl font-semibold text-fg">{props.title}</h1>
        <p className="mt-1 truncate text-sm text-muted">{props.description ?? "\u00a0"}</p>
      </div>
      {props.actions ? <div className="flex shrink-0 items-center gap-2 pt-0.5">{props.actions}</div> : null}
    </div>
  );
}

export function PageHeaderSkeleton({ actions = true }: { actions?: boolean }) {
  return (
    <div className="flex min-h-14 items-start justify-between gap-4" aria-hidden="true">
      <div>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="mt-1 h-5 w-64 max-w-[60vw]" />
      </div>
      {actions ? <Skeleton className="mt-0.5 h-9 w-32" /> : null}
    </div>
  );
}

/** Rows standing in for a list or table of `rows` items of `height` px (44 by default). */
export function RowsSkeleton({ rows = 4, rowClassName = "h-11" }: { rows?: number; rowClassName?: string }) {
  return (
    <div aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={`flex items-center gap-3 border-b border-line px-4 last:border-b-0 ${rowClassName}`}>
          <Skeleton className="size-4 rounded" />
          <Skeleton className={`h-4 ${["w-48", "w-36", "w-56", "w-40"][i % 4]}`} />
          <Skeleton className="ml-auto hidden h-4 w-20 sm:block" />
        </div>
      ))}
    </div>
  );
}

/** A load failed: the server's message and a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState icon={CircleAlert} title="This could not be loaded" action={<Button size="sm" onClick={onRetry}>Try again</Button>}>
      {message}
    </EmptyState>
  );
}

export function NotFoundState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <EmptyState icon={SearchX} title={title} className="min-h-[60vh]" action={<Link href="/" className={buttonClass({ size: "sm" })}>All organizations</Link>}>
      {children}
    </EmptyState>
  );
}
