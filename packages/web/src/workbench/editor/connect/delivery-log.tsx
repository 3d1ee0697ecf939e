/** @jsxRuntime automatic */
/** The delivery log of `connect/channels`: one row per attempt, newest first, with "Redeliver". */
import type { Webhook, WebhookDelivery, WebhookDeliveryStatus } from "@fieldwork/core";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { formatFullTime, formatRelativeTime } from "../../format-time";
import { SettingCard } from "../settings/settings-controls";
import { webhookLabel } from "./channels-state";

const STATUS: Record<WebhookDeliveryStatus, { label: string; className: string }> = {
  delivered: { label: "Delivered", className: "border-success/40 text-success" },
  retrying: { label: "Retrying", className: "border-warning/40 text-warning" },
  failed: { label: "Failed", className: "border-danger/40 text-danger" },
};

export interface DeliveryLogProps {
  deliveries: WebhookDelivery[] | null;
  webhooks: Webhook[];
  busy: string | null;
  onRedeliver: (id: number) => void;
  /** Reads the next older page; `null` when there is none. */
  onOlder: (() => void) | null;
}

export function DeliveryLog({ deliveries, webhooks, busy, onRedeliver, onOlder }: DeliveryLogProps) {
  const urls = new Map(webhooks.map((w) => [w.id, w.url]));
  return (
    <SettingCard title="Delivery log" description="Every attempt, newest first. It refreshes while this page is open.">
      {deliveries === null ? <p className="text-sm text-muted">Loading…</p> : deliveries.length === 0 ? (
        <p className="text-sm text-muted" data-deliveries-empty>No deliveries yet. They appear here once a response is submitted.</p>
      ) : (
        <div className="-mx-4 overflow-x-auto">
          <table className="w-full text-sm" aria-label="Webhook deliveries">
            <thead className="text-left text-xs text-muted">
              <tr>
                <th scope="col" className="px-4 py-1 font-medium">Time</th>
                <th scope="col" className="py-1 font-medium">Event</th>
                <th scope="col" className="py-1 font-medium">Status</th>
                <th scope="col" className="py-1 font-medium">HTTP</th>
                <th scope="col" className="py-1 font-medium">Duration</th>
                <th scope="col" className="py-1 font-medium">Attempt</th>
                <th scope="col" className="px-4 py-1"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id} className="border-t border-line align-top" data-delivery={d.id} data-delivery-status={d.status}>
                  <td className="px-4 py-2 whitespace-nowrap">
                    <time dateTime={d.created_at} title={formatFullTime(d.created_at)}>{formatRelativeTime(d.created_at)}</time>
                  </td>
                  <td className="py-2">
                    <div className="font-mono text-xs">{d.event_type}</div>
                    <div className="max-w-48 truncate text-xs text-muted" title={urls.get(d.webhook_id)}>{webhookLabel(urls.get(d.webhook_id) ?? "")}</div>
                  </td>
                  <td className="py-2">
                    <Badge className={STATUS[d.status].className}>{STATUS[d.status].label}</Badge>
                    {d.error ? <div className="mt-1 max-w-56 text-xs break-words text-danger">{d.error}</div> : null}
                    {d.next_retry_at ? <div className="mt-1 text-xs text-muted">Next try {formatRelativeTime(d.next_retry_at)}</div> : null}
                  </td>
                  <td className="py-2 font-mono text-xs" title={d.response_excerpt ?? undefined}>{d.http_status ?? "—"}</td>
                  <td className="py-2 text-xs whitespace-nowrap">{d.duration_ms} ms</td>
                  <td className="py-2 text-xs">{d.attempt}</td>
                  <td className="px-4 py-2 text-right">
                    <Button size="sm" variant="ghost" loading={busy === `delivery:${d.id}`} onClick={() => onRedeliver(d.id)}
                      aria-label={`Redeliver event ${d.event_id} (attempt ${d.attempt})`}>Redeliver</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {onOlder ? <div><Button size="sm" onClick={onOlder} loading={busy === "older"}>Load older deliveries</Button></div> : null}
    </SettingCard>
  );
}
