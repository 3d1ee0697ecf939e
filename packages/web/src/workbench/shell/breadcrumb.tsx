/** @jsxRuntime automatic */
import { Link } from "../router/link";
import { cn } from "../../ui/cn";
import { Skeleton } from "../../ui/skeleton";

export interface Crumb {
  label: string;
  href?: string;
}

/**
 * `org / project / document` in the header; on narrow screens only the last two show.
 * `pending` adds a grey bar for a last crumb that is still loading.
 */
export function Breadcrumb({ items, pending = false }: { items: Crumb[]; pending?: boolean }) {
  const count = items.length + (pending ? 1 : 0);
  return (
    <nav aria-label="Breadcrumb" className="min-w-0 flex-1">
      <ol className="flex min-w-0 items-center gap-1 text-sm">
        {items.map((item, i) => {
          const last = i === count - 1;
          return (
            <li key={`${i}-${item.label}`} className={cn("flex min-w-0 items-center gap-1", i < count - 2 && "hidden sm:flex", !last && "shrink-[2]")}>
              {i > 0 ? <Separator className={i === count - 2 ? "hidden sm:inline" : undefined} /> : null}
              {item.href && !last ? (
                <Link href={item.href} className="focus-ring min-w-0 truncate rounded px-1 text-muted hover:text-fg">{item.label}</Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className="min-w-0 truncate px-1 font-medium text-fg">{item.label}</span>
              )}
            </li>
          );
        })}
        {pending ? (
          <li className="flex items-center gap-1" aria-hidden="true">
            {items.length ? <Separator /> : null}
            <Skeleton className={items.length ? "mx-1 h-4 w-32" : "mx-1 h-4 w-40"} />
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

function Separator({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn("px-1 text-faint", className)}>/</span>;
}

/** The known crumbs, then a grey bar for the one still loading. */
export function BreadcrumbSkeleton({ crumbs = [] }: { crumbs?: Crumb[] }) {
  return <Breadcrumb items={crumbs} pending />;
}
