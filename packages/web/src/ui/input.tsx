/** @jsxRuntime automatic */
import type { ComponentProps } from "react";
import { cn } from "./cn";

/** The look of every text control (input, select): 36px, a focus ring, red when invalid. */
export const controlClass =
  "h-9 w-full min-w-0 rounded-md border border-line-strong bg-field px-3 text-base text-fg shadow-xs outline-none " +
  "placeholder:text-faint transition-[border-color,box-shadow] duration-150 md:text-sm " +
  "hover:border-faint focus:border-accent focus:ring-3 focus:ring-accent-soft " +
  "aria-invalid:border-danger aria-invalid:focus:ring-danger-soft " +
  "disabled:cursor-not-allowed disabled:opacity-50";

/** The toolbar-sized control (32px): selects and small inputs in grid toolbars and popovers. */
export const compactControlClass = "h-8 rounded-md border border-line-strong bg-field px-2 text-sm text-fg focus-ring";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(controlClass, className)} {...props} />;
}
