/**
 * The state of `connect/channels`: the form's webhooks, the delivery log (newest first,
 * refreshed while the page is open, older pages appended), the "add a webhook" draft with
 * its URL message, and which webhook is busy or about to be deleted. One reducer, so the
 * page's rules are testable without React.
 */
import { webhookUrlProblem, type Webhook, type WebhookDelivery, type WebhookDeliveryPage } from "@fieldwork/core";

export interface ChannelsState {
  webhooks: Webhook[] | null;
  deliveries: WebhookDelivery[] | null;
  /** Older deliveries exist before this id (`null`: the log is complete). */
  olderBefore: number | null;
  loadError: string | null;
  url: string;
  urlError: string | null;
  adding: boolean;
  /** The webhook (or `delivery:<id>`) a call is running for. */
  busy: string | null;
  message: string | null;
  /** The webhook a destructive action waits on the owner's confirmation for. */
  confirm: { action: ConfirmAction; id: string } | null;
  /** Webhooks whose secret is shown in full. */
  revealed: string[];
}

/** Actions that cannot be undone: deleting a webhook, replacing its secret. */
export type ConfirmAction = "delete" | "rotate";

export type ChannelsAction =
  | { type: "webhooks"; webhooks: Webhook[] }
  | { type: "deliveries"; page: WebhookDeliveryPage; older: boolean }
  | { type: "load-failed"; message: string }
  | { type: "url"; value: string }
  | { type: "add" }
  | { type: "add-refused"; message: string; onUrl: boolean }
  | { type: "added"; webhook: Webhook }
  | { type: "busy"; key: string }
  | { type: "changed"; webhook: Webhook }
  | { type: "removed"; id: string }
  | { type: "failed"; message: string }
  | { type: "done" }
  | { type: "confirm"; action: ConfirmAction; id: string }
  | { type: "cancel-confirm" }
  | { type: "toggle-secret"; id: string };

export const initialChannels: ChannelsState = {
  webhooks: null, deliveries: null, olderBefore: null, loadError: null, url: "", urlError: null, adding: false,
  busy: null, message: null, confirm: null, revealed: [],
};

/** A fresh first page replaces the newest deliveries and keeps older pages already read below them. */
function mergeNewest(current: WebhookDelivery[] | null, page: WebhookDeliveryPage): WebhookDelivery[] {
  if (!current || page.next_before === null) return page.deliveries;
  const oldestFresh = page.deliveries[page.deliveries.length - 1]?.id ?? Infinity;
  return [...page.deliveries, ...current.filter((d) => d.id < oldestFresh)];
}

export function channelsReducer(state: ChannelsState, action: ChannelsAction): ChannelsState {
  switch (action.type) {
    case "webhooks": return { ...state, webhooks: action.webhooks, loadError: null };
    case "deliveries": return action.older
      ? { ...state, deliveries: [...(state.deliveries ?? []), ...action.page.deliveries], olderBefore: action.page.next_before }
      : {
          ...state, deliveries: mergeNewest(state.deliveries, action.page),
          olderBefore: state.deliveries && state.deliveries.length > action.page.deliveries.length ? state.olderBefore : action.page.next_before,
          loadError: null,
        };
    case "load-failed": return { ...state, loadError: action.message };
    case "url": return { ...state, url: action.value, urlError: null };
    case "add": {
      const problem = webhookUrlProblem(state.url.trim());
      return problem ? { ...state, urlError: problem } : { ...state, adding: true, urlError: null, message: null };
    }
    case "add-refused": return { ...state, adding: false, ...(action.onUrl ? { urlError: action.message } : { message: action.message }) };
    case "added": return {
      ...state, adding: false, url: "", webhooks: [...(state.webhooks ?? []), action.webhook], revealed: [...state.revealed, action.webhook.id],
    };
    case "busy": return { ...state, busy: action.key, message: null };
    case "changed": return { ...state, busy: null, confirm: null, webhooks: (state.webhooks ?? []).map((w) => (w.id === action.webhook.id ? action.webhook : w)) };
    case "removed": return {
      ...state, busy: null, confirm: null, webhooks: (state.webhooks ?? []).filter((w) => w.id !== action.id),
      deliveries: (state.deliveries ?? []).filter((d) => d.webhook_id !== action.id),
    };
    case "failed": return { ...state, busy: null, message: action.message };
    case "done": return { ...state, busy: null };
    case "confirm": return { ...state, confirm: { action: action.action, id: action.id } };
    case "cancel-confirm": return { ...state, confirm: null };
    case "toggle-secret": return {
      ...state, revealed: state.revealed.includes(action.id) ? state.revealed.filter((id) => id !== action.id) : [...state.revealed, action.id],
    };
  }
}

/** `whsec_abcd…wxyz`: enough to tell secrets apart without showing one. */
export function maskSecret(secret: string): string {
  return secret.length > 16 ? `${secret.slice(0, 10)}…${secret.slice(-4)}` : "••••";
}

/** "example.com/hooks" for a delivery row naming its webhook. */
export function webhookLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return url;
  }
}
