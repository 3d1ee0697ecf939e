/** @jsxRuntime automatic */
import { cn } from "../../ui/cn";

/** The Fieldwork mark: a rounded square with three form lines. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={cn("size-6 shrink-0 text-primary", className)}>
      <rect width="24" height="24" rx="6" fill="currentColor" />
      <path d="M7 8h10M7 12h7M7 16h4" stroke="var(--fw-primary-fg)" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
