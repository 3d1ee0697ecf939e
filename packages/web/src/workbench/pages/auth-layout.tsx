/** @jsxRuntime automatic */
/**
 * The signed-out pages: the mark, then a 400px card 96px from the top (64px on mobile).
 * The server's loading shell draws the same column (AuthSkeleton), so the card does not
 * move when the page mounts.
 */
import type { ReactNode } from "react";
import { Card } from "../../ui/card";
import { Skeleton } from "../../ui/skeleton";
import { BrandMark } from "../shell/brand";

export function AuthLayout(props: { title: string; description: ReactNode; children: ReactNode; footer: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-page px-4 pt-16 pb-12 sm:pt-24">
      <BrandMark className="size-8" />
      <Card className="mt-6 w-full max-w-[400px] p-6 sm:p-8">
        <h1 className="text-xl font-semibold text-fg">{props.title}</h1>
        <p className="mt-1 text-sm text-muted">{props.description}</p>
        <div className="mt-6">{props.children}</div>
      </Card>
      <div className="mt-6 text-sm text-muted">{props.footer}</div>
    </main>
  );
}

/** The signed-out column before the page mounts. */
export function AuthSkeleton() {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-page px-4 pt-16 pb-12 sm:pt-24" aria-busy="true" aria-label="Loading">
      <BrandMark className="size-8" />
      <Card className="mt-6 w-full max-w-[400px] p-6 sm:p-8">
        <Skeleton className="h-7 w-40" />
        <Skeleton className="mt-1 h-5 w-56" />
        <div className="mt-6 grid gap-4">
          {[0, 1].map((i) => (
            <div key={i} className="grid gap-2">
              <Skeleton className="h-5 w-16" />
              <Skeleton className="h-9 w-full" />
            </div>
          ))}
          <Skeleton className="mt-2 h-9 w-full" />
        </div>
      </Card>
    </main>
  );
}

/** The message of a form that failed as a whole (wrong password, rate limit). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger">
      {message}
    </div>
  );
}
