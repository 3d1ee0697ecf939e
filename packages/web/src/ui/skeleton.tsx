/** @jsxRuntime automatic */
import { cn } from "./cn";

/** A grey block standing in for content; give it the content's size so nothing moves. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-selected/70", className)} />;
}
