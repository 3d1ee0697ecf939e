/** @jsxRuntime automatic */
import type { ReactNode } from "react";
import { Link } from "../router/link";
import { cn } from "../../ui/cn";

export const navItemClass = (active: boolean) =>
  cn(
    "focus-ring flex h-8 min-w-0 items-center gap-2 rounded-md px-2 text-sm transition-colors",
    active ? "bg-selected font-medium text-fg" : "text-muted hover:bg-subtle hover:text-fg",
  );

/** A sidebar entry: 32px, a 16px icon and the label, highlighted when it is the current page. */
export function NavLink(props: { href: string; icon: ReactNode; active: boolean; children: ReactNode; trailing?: ReactNode }) {
  return (
    <Link href={props.href} aria-current={props.active ? "page" : undefined} className={navItemClass(props.active)}>
      <span aria-hidden="true" className="grid size-4 shrink-0 place-items-center [&_svg]:size-4">{props.icon}</span>
      <span className="min-w-0 flex-1 truncate">{props.children}</span>
      {props.trailing}
    </Link>
  );
}

/** A group title in the sidebar. */
export function NavHeading({ children }: { children: ReactNode }) {
  return <div className="flex h-8 items-center px-2 text-xs font-medium text-faint">{children}</div>;
}
