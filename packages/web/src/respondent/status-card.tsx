/** @jsxRuntime automatic */
/**
 * A centred message card for the public screens that are not the form: the status pages
 * (closed, sold out, thank you…) and the not-found state.
 */
import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { CARD_PADDING, Card } from "./form-page";

/**
 * `icon` is the icon itself, not a name: a name would need a map of every status page's icon,
 * which the public form's first load (drawing only the not-found and empty states) would carry.
 * The status pages name theirs in ../status/status-icons.ts.
 */
export function StatusCard(props: { icon: LucideIcon; tone: "neutral" | "success" | "danger"; title: string; children?: ReactNode; action?: ReactNode }) {
  const Icon = props.icon;
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
