/** @jsxRuntime automatic */
import type { ReactNode } from "react";
import { cn } from "./cn";

export function Badge({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span className={cn("inline-flex h-5 items-center rounded-full border border-line px-2 text-xs font-medium text-muted", className)}>
      {children}
    </span>
  );
}
