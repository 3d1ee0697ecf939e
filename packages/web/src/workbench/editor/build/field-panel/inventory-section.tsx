/** @jsxRuntime automatic */
/**
 * The field panel's inventory section (spec 2 §3 field editor "inventory", §8, §9; spec 3
 * §5): a "Track inventory" switch — off asks to connect a store first when the form has
 * none, on stays on with the reason shown — and per tracked option its SKU, available and
 * on-hand inputs (saved when left: a non-number or a negative is 0) and its history.
 * Levels save through the inventory calls at once, apart from the panel's Save.
 */
import { useEffect, useReducer, useState } from "react";
import { History } from "lucide-react";
import type { InventoryCommit, InventoryOptionLevel } from "@fieldwork/core";
import { Button } from "../../../../ui/button";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { compactControlClass } from "../../../../ui/input";
import { adjustLevel, fetchCommits, fetchInventory, setTracking } from "../../../api/inventory";
import { isAbort, messageOf } from "../../../api/http";
import { navigate } from "../../../router/history";
import { useSession } from "../../../session/session-context";
import { Toggle } from "../../settings/settings-controls";
import { resolveId } from "../editor-request";
import { useBuild } from "../build-store";
import {
  initialInventoryPanel, inventoryPanelReducer, leaveLevel, levelText, storePagePath, trackedFieldOf, type LevelKey,
} from "./inventory-state";

const LOCKED = "Inventory tracking cannot be turned off once on.";
const OFF_HINT = "Each option starts with 10 available. Visitors see “Only N left” when few remain, and “Sold out” options are disabled.";

export function InventorySection({ field_id }: { field_id: string }) {
  const form_id = useBuild((s) => s.working.form_id);
  const document_id = useBuild((s) => s.working.document_id);
  const readonly = useBuild((s) => s.readonly);
  const server_id = useBuild((s) => resolveId(s.ids, field_id));
  const csrf_token = useSession().state.me?.csrf_token ?? "";
  const [state, dispatch] = useReducer(inventoryPanelReducer, initialInventoryPanel);
  const [asking, setAsking] = useState(false);
  // A field the server has confirmed (a new one has a local id until its create is answered).
  const saved = useBuild((s) => s.server.fields.some((f) => f.id === server_id));

  useEffect(() => {
    if (!saved) return;
    const controller = new AbortController();
    fetchInventory(form_id, controller.signal).then(
      (inventory) => dispatch({ type: "loaded", inventory }),
      (error: unknown) => !isAbort(error) && dispatch({ type: "refused", message: messageOf(error) }),
    );
    return () => controller.abort();
  }, [form_id, saved]);

  const history = state.history;
  useEffect(() => {
    if (!history || history.commits) return;
    const controller = new AbortController();
    fetchCommits(form_id, history.option_id, controller.signal).then(
      ({ commits }) => dispatch({ type: "history-loaded", option_id: history.option_id, commits }),
      (error: unknown) => !isAbort(error) && dispatch({ type: "refused", message: messageOf(error) }),
    );
    return () => controller.abort();
  }, [form_id, history]);

  const tracked = trackedFieldOf(state.inventory, server_id);
  const turnOn = async () => {
    if (!state.inventory) return;
    if (!state.inventory.store) return setAsking(true);
    dispatch({ type: "switching" });
    try {
      await setTracking(form_id, server_id, true, { csrf_token });
      dispatch({ type: "loaded", inventory: await fetchInventory(form_id) });
    } catch (error) {
      dispatch({ type: "refused", message: messageOf(error) });
    }
  };
  const leave = async (level: InventoryOptionLevel, key: LevelKey, text: string) => {
    const { value, change } = leaveLevel(level, key, text);
    dispatch({ type: "draft", option_id: level.option_id, key, text: String(value) });
    if (!change) return dispatch({ type: "level-saved", level });
    try {
      dispatch({ type: "level-saved", level: await adjustLevel(form_id, level.option_id, change, { csrf_token }) });
    } catch (error) {
      dispatch({ type: "refused", message: messageOf(error) });
    }
  };

  return (
    <section className="grid gap-4 border-t border-line pt-5" aria-label="Inventory">
      <h3 className="text-sm font-semibold text-fg">Inventory</h3>
      {!saved ? <p className="text-xs text-muted">Save the field to set up inventory.</p> : (
        <Toggle
          label="Track inventory"
          description={tracked ? LOCKED : OFF_HINT}
          checked={tracked !== null}
          disabled={readonly || tracked !== null || state.switching || !state.inventory}
          onChange={(on) => void (on && turnOn())}
        />
      )}
      {state.message ? <p role="alert" className="text-xs text-danger">{state.message}</p> : null}
      {tracked ? (
        <div className="grid gap-2">
          <p className="text-xs text-muted">Options added later are tracked when the field is saved.</p>
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-muted">
              <tr><th className="py-1 font-medium">Option</th><th className="font-medium">SKU</th><th className="font-medium">Available</th><th className="font-medium">On hand</th><th><span className="sr-only">History</span></th></tr>
            </thead>
            <tbody>
              {tracked.options.map((level) => {
                const name = level.label ?? level.value;
                const input = (key: LevelKey, label: string) => (
                  <input
                    type="number" min={0} step={1} inputMode="numeric" aria-label={`${label} of ${name}`} disabled={readonly}
                    className={`${compactControlClass} w-20`} value={levelText(state, level, key)}
                    onChange={(e) => dispatch({ type: "draft", option_id: level.option_id, key, text: e.target.value })}
                    onBlur={(e) => void leave(level, key, e.target.value)}
                    onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()}
                  />
                );
                return (
                  <tr key={level.option_id} className="border-t border-line align-middle" data-option-sku={level.sku}>
                    <td className="max-w-32 py-1.5 pr-2">
                      <span className="block truncate">{name}</span>
                      {level.product ? <span className="block truncate text-xs text-muted" title={level.product}>Sells {level.product}</span> : null}
                    </td>
                    <td className="pr-2 font-mono text-xs">{level.sku}</td>
                    <td className="pr-2">{input("available", "Available")}</td>
                    <td className="pr-2">{input("on_hand", "On hand")}</td>
                    <td>
                      <Button variant="ghost" size="icon" aria-label={`History of ${name}`} aria-expanded={history?.option_id === level.option_id}
                        onClick={() => dispatch({ type: "history", option_id: level.option_id })}><History /></Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {history ? <CommitList commits={history.commits} level={tracked.options.find((o) => o.option_id === history.option_id)} /> : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={asking} onClose={() => setAsking(false)} title="Connect a store first" confirmLabel="Connect a store"
        onConfirm={async () => navigate(storePagePath(window.location.pathname, document_id))}
      >
        Inventory lives in a store. Connect one to this form, then come back to track this field.
      </ConfirmDialog>
    </section>
  );
}

const REASONS = { initialize: "Tracking started", adjust: "Adjusted", order: "Response", reserve: "Held for a payment", release: "Payment released" } as const;

function CommitList({ commits, level }: { commits: InventoryCommit[] | null; level: InventoryOptionLevel | undefined }) {
  if (!commits) return <p className="text-xs text-muted" aria-busy="true">Loading history…</p>;
  return (
    <section className="grid gap-1 rounded-md border border-line p-2 text-xs" aria-label={`Commits of ${level?.label ?? level?.value ?? "option"}`}>
      <p className="text-muted">{level?.committed ?? 0} committed by responses</p>
      <ol className="grid gap-0.5">
        {commits.map((c) => (
          <li key={c.id} className="flex justify-between gap-2">
            <span>{REASONS[c.reason]}</span>
            <span className="font-mono">{c.diff > 0 ? `+${c.diff}` : c.diff}</span>
            <time dateTime={c.created_at} className="text-muted">{new Date(c.created_at).toLocaleString()}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}
