/** @jsxRuntime automatic */
/**
 * `connect/channels` (docs/webhooks.md): the form's webhooks — add one (the URL checked by
 * core's rule here and by the server's address check, whose message shows under the
 * field), show, copy or rotate its signing secret, turn it on or off, delete it — and the
 * delivery log, read again every few seconds while the page is open. Editors and owners
 * only: the server refuses viewers, since the answers carry secrets.
 */
import { useCallback, useEffect, useReducer, type Dispatch, type FormEvent } from "react";
import type { Webhook } from "@fieldwork/core";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { CopyButton } from "../../../ui/copy-button";
import { Field } from "../../../ui/field";
import { Input } from "../../../ui/input";
import { ApiError, isAbort, messageOf } from "../../api/http";
import * as api from "../../api/webhooks";
import { useSession } from "../../session/session-context";
import { LoadError } from "../../shell/page";
import { useBuild } from "../build/build-store";
import { PageBar } from "../form-store-host";
import { SettingCard, Toggle } from "../settings/settings-controls";
import { channelsReducer, initialChannels, maskSecret, type ChannelsAction, type ChannelsState } from "./channels-state";
import { DeliveryLog } from "./delivery-log";

/** How often the open page reads the delivery log again. */
export const DELIVERY_REFRESH_MS = 3000;

export function ChannelsPage() {
  const form_id = useBuild((s) => s.working.form_id);
  const readonly = useBuild((s) => s.readonly);
  if (readonly) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 pb-24">
        <PageBar title="Channels" description="Webhooks send each new response to your own server." />
        <p className="text-sm text-muted">Only editors and owners can see and change this form's webhooks.</p>
      </div>
    );
  }
  return <Channels form_id={form_id} />;
}

function Channels({ form_id }: { form_id: string }) {
  const csrf_token = useSession().state.me?.csrf_token ?? "";
  const [state, dispatch] = useReducer(channelsReducer, initialChannels);

  const loadWebhooks = useCallback((signal?: AbortSignal) => {
    api.fetchWebhooks(form_id, signal).then((webhooks) => dispatch({ type: "webhooks", webhooks }), (error: unknown) => {
      if (!isAbort(error)) dispatch({ type: "load-failed", message: messageOf(error) });
    });
  }, [form_id]);
  const loadDeliveries = useCallback((signal?: AbortSignal) => {
    api.fetchDeliveries(form_id, null, signal).then((page) => dispatch({ type: "deliveries", page, older: false }), (error: unknown) => {
      if (!isAbort(error)) dispatch({ type: "load-failed", message: messageOf(error) });
    });
  }, [form_id]);

  useEffect(() => {
    const controller = new AbortController();
    loadWebhooks(controller.signal);
    loadDeliveries(controller.signal);
    const timer = setInterval(() => {
      if (!document.hidden) loadDeliveries(controller.signal);
    }, DELIVERY_REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [loadWebhooks, loadDeliveries]);

  const run = async (key: string, call: () => Promise<ChannelsAction>) => {
    dispatch({ type: "busy", key });
    try {
      dispatch(await call());
    } catch (error) {
      dispatch({ type: "failed", message: messageOf(error) });
    }
  };
  const options = { csrf_token };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (state.adding) return;
    const next = channelsReducer(state, { type: "add" });
    dispatch({ type: "add" });
    if (!next.adding) return;
    try {
      dispatch({ type: "added", webhook: await api.createWebhook(form_id, { url: state.url.trim() }, options) });
    } catch (error) {
      const onUrl = error instanceof ApiError && error.code.startsWith("WEBHOOK_URL_");
      dispatch({ type: "add-refused", message: messageOf(error), onUrl });
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 pb-24" data-channels-page>
      <PageBar title="Channels" description="Webhooks send each new response to your own server." />
      {state.loadError && state.webhooks === null ? <LoadError message={state.loadError} onRetry={() => { loadWebhooks(); loadDeliveries(); }} /> : null}
      <SettingCard title="Add a webhook" description="Fieldwork POSTs a signed JSON event to this URL when a response is submitted.">
        <form className="flex items-start gap-2" onSubmit={(e) => void add(e)} noValidate>
          <div className="flex-1">
            <Field label="Endpoint URL" error={state.urlError} hint="https:// recommended. Private and loopback addresses are refused unless the server allows them.">
              {(p) => (
                <Input {...p} type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://example.com/hooks/fieldwork"
                  value={state.url} onChange={(e) => dispatch({ type: "url", value: e.target.value })} />
              )}
            </Field>
          </div>
          <Button type="submit" variant="primary" className="mt-6" loading={state.adding}>Add webhook</Button>
        </form>
      </SettingCard>
      {state.message ? <p role="alert" className="text-sm text-danger">{state.message}</p> : null}
      <WebhookList state={state} dispatch={dispatch} form_id={form_id} run={run} options={options} />
      <DeliveryLog
        deliveries={state.deliveries}
        webhooks={state.webhooks ?? []}
        busy={state.busy}
        onRedeliver={(id) => void run(`delivery:${id}`, async () => {
          await api.redeliver(form_id, id, options);
          loadDeliveries();
          return { type: "done" };
        })}
        onOlder={state.olderBefore === null ? null : () => void run("older", async () => {
          const page = await api.fetchDeliveries(form_id, state.olderBefore);
          return { type: "deliveries", page, older: true };
        })}
      />
    </div>
  );
}

interface ListProps {
  state: ChannelsState;
  dispatch: Dispatch<ChannelsAction>;
  form_id: string;
  run: (key: string, call: () => Promise<ChannelsAction>) => Promise<void>;
  options: { csrf_token: string };
}

function WebhookList({ state, dispatch, form_id, run, options }: ListProps) {
  if (state.webhooks === null) return null;
  const pending = state.confirm;
  const target = state.webhooks.find((w) => w.id === pending?.id);
  return (
    <>
      {state.webhooks.length === 0 ? (
        <div className="rounded-lg border border-dashed border-line px-4 py-8 text-center" data-webhooks-empty>
          <p className="text-sm font-medium text-fg">No webhooks yet</p>
          <p className="mt-1 text-xs text-muted">Add a URL above and every new response is sent there as it arrives.</p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="Webhooks">
          {state.webhooks.map((webhook) => (
            <li key={webhook.id}>
              <WebhookCard webhook={webhook} busy={state.busy === webhook.id} revealed={state.revealed.includes(webhook.id)}
                onToggle={(enabled) => void run(webhook.id, async () => ({ type: "changed", webhook: await api.updateWebhook(form_id, webhook.id, { enabled }, options) }))}
                onResume={() => void run(webhook.id, async () => ({ type: "changed", webhook: await api.updateWebhook(form_id, webhook.id, { paused: false }, options) }))}
                onRotate={() => dispatch({ type: "confirm", action: "rotate", id: webhook.id })}
                onReveal={() => dispatch({ type: "toggle-secret", id: webhook.id })}
                onDelete={() => dispatch({ type: "confirm", action: "delete", id: webhook.id })} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog open={pending?.action === "delete" && target !== undefined} onClose={() => dispatch({ type: "cancel-confirm" })}
        title="Delete this webhook?" confirmLabel="Delete webhook" danger
        onConfirm={() => run(target!.id, async () => {
          await api.deleteWebhook(form_id, target!.id, options);
          return { type: "removed", id: target!.id };
        })}>
        Events stop going to <span className="font-mono">{target?.url}</span>, and its delivery log is deleted with it.
      </ConfirmDialog>
      <ConfirmDialog open={pending?.action === "rotate" && target !== undefined} onClose={() => dispatch({ type: "cancel-confirm" })}
        title="Rotate the signing secret?" confirmLabel="Rotate secret"
        onConfirm={() => run(target!.id, async () => ({ type: "changed", webhook: await api.rotateWebhookSecret(form_id, target!.id, options) }))}>
        A new secret signs every delivery from now on; your receiver rejects them until it has the new one.
      </ConfirmDialog>
    </>
  );
}

interface CardProps {
  webhook: Webhook;
  busy: boolean;
  revealed: boolean;
  onToggle: (enabled: boolean) => void;
  onResume: () => void;
  onRotate: () => void;
  onReveal: () => void;
  onDelete: () => void;
}

/** The circuit breaker's notice: a paused webhook sends nothing until someone resumes it. */
function PausedNotice({ webhook, busy, onResume }: { webhook: Webhook; busy: boolean; onResume: () => void }) {
  if (!webhook.paused_at) return null;
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-line bg-subtle px-3 py-2" data-webhook-paused>
      <p className="min-w-0 text-sm text-fg">
        <span className="font-medium">Paused</span> after {webhook.consecutive_failures} failed attempts in a row. Nothing is sent until you resume it;
        redeliver missed events from the log.
      </p>
      <Button size="sm" onClick={onResume} loading={busy}>Resume</Button>
    </div>
  );
}

function WebhookCard({ webhook, busy, revealed, onToggle, onResume, onRotate, onReveal, onDelete }: CardProps) {
  return (
    <section className="grid gap-3 rounded-lg border border-line bg-card px-4 py-3 shadow-xs" aria-label={`Webhook ${webhook.url}`} data-webhook={webhook.id}>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 break-all font-mono text-sm text-fg">{webhook.url}</p>
        <Button variant="ghost" size="sm" onClick={onDelete} disabled={busy}>Delete</Button>
      </div>
      <PausedNotice webhook={webhook} busy={busy} onResume={onResume} />
      <Toggle label="Enabled" description={webhook.enabled ? "New responses are sent." : "Paused: new responses are not sent."} checked={webhook.enabled} disabled={busy} onChange={onToggle} />
      <div className="grid gap-1.5">
        <span className="text-sm font-medium text-fg">Signing secret</span>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 truncate rounded-md border border-line bg-subtle px-2 py-1 text-xs" data-webhook-secret>
            {revealed ? webhook.secret : maskSecret(webhook.secret)}
          </code>
          <Button size="sm" onClick={onReveal} aria-pressed={revealed}>{revealed ? "Hide" : "Show"}</Button>
          <CopyButton size="sm" text={webhook.secret} />
          <Button size="sm" onClick={onRotate} loading={busy}>Rotate</Button>
        </div>
        <p className="text-xs text-muted">Check the Fieldwork-Signature header with it (docs/webhooks.md). Rotating replaces it at once.</p>
      </div>
    </section>
  );
}
