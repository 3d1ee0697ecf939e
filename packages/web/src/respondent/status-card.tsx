/** @jsxRuntime automatic */
/**
 * A centred message card for the public screens that are not the form: the status pages
 * (closed, sold out, thank you…) and the not-found state.
 */
import type { ReactNode } from "react";
import { CalendarClock, CircleCheck, Lock, PackageX, SearchX, ServerCrash, TriangleAlert, UserCheck } from "lucide-react";
import { CARD_PADDING, Card } from "./form-page";

export const STATUS_ICONS = {
  error: ServerCrash,
  warning: TriangleAlert,
  closed: Lock,
  schedule: CalendarClock,
  responded: UserCheck,
  soldout: PackageX,
  success: CircleCheck,
  notfound: SearchX,
} as const;

export type StatusIcon = keyof typeof STATUS_ICONS;

export function StatusCard(props: { icon: StatusIcon; tone: "neutral" | "success" | "danger"; title: string; children?: ReactNode; action?: ReactNode }) {
  const Icon = STATUS_ICONS[props.icon];
  const tone =
    props.tone === "success" ? "bg-accent-soft text-accent" : props.tone === "danger" ? "bg-danger-soft text-danger" : "bg-subtle text-muted";
  return (
    <Card>
      <div className={`${CARD_PADDING} flex flex-col items-center text-center`}>
        <span className={`grid size-14 place-items-center rounded-2xl ${tone}`} aria-hidden="true">
          <Icon className="size-7" strokeWidth={1.75} />
        </span>
        <h1 className="mt-6 text-title font-semibold text-balance text-fg">{props.title}</h1>
        {props.children ? <div className="mt-3 max-w-md text-base leading-relaxed text-pretty text-muted">{props.children}</div> : null}
        {props.action ? <div className="mt-8">{props.action}</div> : null}
      </div>
    </Card>
  );
}

export function StatusLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      className="inline-flex min-h-12 items-center justify-center rounded-xl border border-line bg-card px-5 text-base font-medium text-fg transition-colors hover:bg-subtle focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft"
    >
      {children}
    </a>
  );
}
