/** @jsxRuntime automatic */
/**
 * `connect/store` (spec 2 §2): the form's commerce store. Create a store in the project and
 * link it, or link one the project has; unlink while nothing is tracked. Below, the tracked
 * items with their levels and what responses committed (levels are adjusted in the field
 * panel's Inventory section). Links lead to get-started (a store with a currency) and to the
 * products; a store of the project that no form uses can be deleted (the server names the
 * forms that still use one: 409 STORE_IN_USE).
 */
import { useReducer, useState, type FormEvent } from "react";
import { stockState, type FormInventory, type StoreSummary } from "@fieldwork/core";
import { StockBadge } from "./stock-badge";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { deleteStore } from "../../api/store";
import { Link } from "../../router/link";
import { toast } from "../../shell/toast-store";
import { storePath } from "./store-paths";
import { Button } from "../../../ui/button";
import { Field } from "../../../ui/field";
import { Input } from "../../../ui/input";
import { Select } from "../../../ui/select";
import { fetchInventory, linkStore, unlinkStore } from "../../api/inventory";
import { messageOf } from "../../api/http";
import { useSession } from "../../session/session-context";
import { useResource } from "../../session/use-resource";
import { LoadError } from "../../shell/page";
import { useBuild } from "../build/build-store";
import { PageBar } from "../form-store-host";
import { SettingCard } from "../settings/settings-controls";
import { initialStorePage, otherStores, storePageReducer, unlinkBlocked } from "./store-page-state";

export function StorePage() {
  const form_id = useBuild((s) => s.working.form_id);
  const readonly = useBuild((s) => s.readonly);
  const csrf_token = useSession().state.me?.csrf_token ?? "";
  const { state: resource, reload } = useResource(form_id, (signal) => fetchInventory(form_id, signal));
  const [state, dispatch] = useReducer(storePageReducer, initialStorePage);
  const document_id = useBuild((s) => s.working.document_id);
  const [deleting, setDeleting] = useState<StoreSummary | null>(null);
  const linkClass = "text-sm font-medium text-accent underline-offset-4 hover:underline";

  const run = async (call: () => Promise<unknown>) => {
    dispatch({ type: "sent" });
    try {
      await call();
      dispatch({ type: "done" });
      reload();
    } catch (error) {
      dispatch({ type: "refused", message: messageOf(error) });
    }
  };
  const create = (event: FormEvent) => {
    event.preventDefault();
    if (state.name.trim()) void run(() => linkStore(form_id, { name: state.name.trim() }, { csrf_token }));
  };

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 px-4 pb-24">
      <PageBar title="Store" description="Per-option inventory for this form's choice fields." />
      {resource.status === "failed" ? <LoadError message={resource.message} onRetry={reload} /> : null}
      {resource.status === "ready" ? (
        <>
          <StoreCard inventory={resource.data} readonly={readonly || state.busy}
            onUnlink={() => void run(() => unlinkStore(form_id, { csrf_token }))} />
          {resource.data.store ? (
            <Link className={linkClass} href={storePath(window.location.pathname, document_id, "connect/store/products")}>Products, prices and stock</Link>
          ) : (
            <Link className={linkClass} href={storePath(window.location.pathname, document_id, "connect/store/get-started")}>Set up a store with a currency</Link>
          )}
          {!resource.data.store ? (
            <SettingCard title="Connect a store" description="A store holds the inventory of the options you track.">
              <form className="flex items-end gap-2" onSubmit={create}>
                <div className="flex-1">
                  <Field label="New store name">{(p) => <Input {...p} value={state.name} disabled={readonly} onChange={(e) => dispatch({ type: "name", value: e.target.value })} />}</Field>
                </div>
                <Button type="submit" variant="primary" loading={state.busy} disabled={readonly || !state.name.trim()}>Create and link</Button>
              </form>
              {otherStores(resource.data).length ? (
                <div className="flex items-end gap-2">
                  <div className="flex-1">
                    <Field label="Or link a store of this project">
                      {(p) => (
                        <Select {...p} value={state.picked} disabled={readonly} onChange={(e) => dispatch({ type: "pick", store_id: e.target.value })}>
                          <option value="">Choose a store</option>
                          {otherStores(resource.data).map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
                        </Select>
                      )}
                    </Field>
                  </div>
                  <Button disabled={readonly || !state.picked || state.busy} onClick={() => void run(() => linkStore(form_id, { store_id: state.picked }, { csrf_token }))}>Link</Button>
                </div>
              ) : null}
            </SettingCard>
          ) : null}
          {state.message ? <p role="alert" className="text-sm text-danger">{state.message}</p> : null}
          <TrackedItems inventory={resource.data} />
          {otherStores(resource.data).length ? (
            <SettingCard title="Other stores of this project" description="A store can be deleted when no form uses it.">
              <ul className="grid gap-2">
                {otherStores(resource.data).map((s) => (
                  <li key={s.id} className="flex items-center justify-between gap-3 text-sm">
                    <span>{s.name} <span className="text-xs text-muted">{s.currency}</span></span>
                    <Button variant="ghost" size="sm" disabled={readonly} onClick={() => setDeleting(s)}>Delete {s.name}</Button>
                  </li>
                ))}
              </ul>
            </SettingCard>
          ) : null}
        </>
      ) : null}
      <ConfirmDialog open={deleting !== null} onClose={() => setDeleting(null)} title={`Delete ${deleting?.name ?? "store"}?`} confirmLabel="Delete store" danger
        onConfirm={async () => {
          try {
            await deleteStore(deleting!.id, { csrf_token });
            toast.success("Store deleted.");
          } catch (error) {
            toast.error(messageOf(error));
          }
          reload();
        }}>
        Its products, stock and stock history are removed.
      </ConfirmDialog>
    </div>
  );
}

function StoreCard({ inventory, readonly, onUnlink }: { inventory: FormInventory; readonly: boolean; onUnlink: () => void }) {
  if (!inventory.store) return <p className="text-sm text-muted">No store is linked to this form.</p>;
  const blocked = unlinkBlocked(inventory);
  return (
    <SettingCard title="Linked store" description={blocked ?? "Unlink it to pick another store."}>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-fg" data-store-name>{inventory.store.name}</p>
        <Button variant="ghost" disabled={readonly || blocked !== null} onClick={onUnlink}>Unlink</Button>
      </div>
    </SettingCard>
  );
}

function TrackedItems({ inventory }: { inventory: FormInventory }) {
  if (!inventory.fields.length) {
    return <p className="text-sm text-muted">No field tracks inventory yet. Open a choice field and turn on “Track inventory”.</p>;
  }
  return (
    <SettingCard title="Tracked items">
      {inventory.fields.map((field) => (
        <table key={field.field_id} className="w-full text-sm">
          <caption className="pb-1 text-left font-medium text-fg">{field.label ?? field.name}</caption>
          <thead className="text-left text-xs text-muted">
            <tr><th className="py-1 font-medium">Option</th><th className="font-medium">SKU</th><th className="font-medium">Available</th><th className="font-medium">On hand</th><th className="font-medium">Committed</th><th className="font-medium">State</th></tr>
          </thead>
          <tbody>
            {field.options.map((o) => (
              <tr key={o.option_id} className="border-t border-line">
                <td className="py-1.5">{o.label ?? o.value}{o.product ? <span className="block text-xs text-muted">Sells {o.product}</span> : null}</td>
                <td className="font-mono text-xs">{o.sku}</td>
                <td>{o.available}</td>
                <td>{o.on_hand}</td>
                <td>{o.committed}</td>
                <td><StockBadge state={stockState(o.available)} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </SettingCard>
  );
}
