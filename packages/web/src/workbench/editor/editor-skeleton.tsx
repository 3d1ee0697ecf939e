/** @jsxRuntime automatic */
/** The editor while its document loads: the sidebar's and the main area's shapes. */
import { Skeleton } from "../../ui/skeleton";
import { RowsSkeleton } from "../shell/page";

/** The sidebar while the document loads: same heading, switch and rows. */
export function EditorSidebarSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3">
      <div className="flex h-12 items-center gap-3 px-2">
        <Skeleton className="size-8" />
        <div className="grid gap-1">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-3 w-12" />
        </div>
      </div>
      <Skeleton className="h-8 w-full" />
      <div className="flex flex-col gap-px">
        <div className="flex h-8 items-center px-2"><Skeleton className="h-3 w-12" /></div>
        {["w-16", "w-12", "w-20"].map((w) => (
          <div key={w} className="flex h-8 items-center gap-2 px-2"><Skeleton className="size-4 rounded" /><Skeleton className={`h-4 ${w}`} /></div>
        ))}
      </div>
    </div>
  );
}

/** The main area while the document loads: the empty state's shape. */
export function EditorMainSkeleton() {
  return (
    <div className="grid min-h-full place-items-center px-4 py-12" aria-busy="true" aria-label="Loading the document">
      <div className="flex flex-col items-center px-6 py-12">
        <Skeleton className="size-10 rounded-lg" />
        <Skeleton className="mt-4 h-6 w-40" />
        <Skeleton className="mt-1 h-5 w-72 max-w-[70vw]" />
      </div>
    </div>
  );
}

/**
 * A form's Build page while its code (form-editor.tsx, loaded lazily) or its editor document
 * loads; the page's heading (the loaded page shows its own) is there for screen readers meanwhile.
 */
export function FormPageSkeleton({ title }: { title: string }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="sr-only">{title}</h1>
      <RowsSkeleton rows={5} rowClassName="h-20" />
    </div>
  );
}
