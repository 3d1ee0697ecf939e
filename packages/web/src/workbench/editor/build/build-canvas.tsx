/** @jsxRuntime automatic */
/**
 * The Build canvas (`…/form/edit`): every section and block one under another as visitors
 * see them, each selectable in place; keys run the commands of build-commands.ts, drag and
 * drop (@dnd-kit) runs `move-block`, "/" or the Insert button opens the insert menu.
 * Viewers get the same canvas without toolbar, menu or keys that write.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { DndContext, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { Plus, Redo2, SquarePlus, Undo2 } from "lucide-react";
import { indexForm } from "../../../respondent/form-index";
import { FormModelContext, type FormModel } from "../../../respondent/form-model-context";
import { Button } from "../../../ui/button";
import { EmptyState } from "../../../ui/empty-state";
import { subtreeIds, type EditorDocument } from "@fieldwork/core";
import { command } from "./build-reducer";
import { commandForKey } from "./build-commands";
import { orderOf } from "./block-places";
import { useBuild, useBuildStore } from "./build-store";
import { BlockFrame } from "./block-frame";
import { InsertMenu } from "./insert-menu";
import type { InsertItem } from "./insert-items";
import { SaveIndicator } from "./save-indicator";
import { FieldPanel } from "./field-panel/field-panel";
import { FieldPanelContext, type PanelTarget } from "./field-panel/panel-context";
import { BlockPanel } from "./block-panel/block-panel";
import { hasPanel } from "./block-panel/block-panel-state";
import { RequestDeleteContext, useDeleteGuard } from "./delete-block-guard";

const noPrefill = () => undefined;

function depthsOf(doc: EditorDocument): Map<string, number> {
  const byId = new Map(doc.blocks.map((b) => [b.id, b]));
  const depth = (id: string | null): number => (id ? 1 + depth(byId.get(id)?.parent_id ?? null) : -1);
  return new Map(doc.blocks.map((b) => [b.id, Math.max(0, depth(b.parent_id) + (b.type === "section" ? 0 : 0))]));
}

/** Where a dragged block lands in moveBlock's terms: its index among the blocks it does not hold. */
export function dropIndex(doc: EditorDocument, active: string, over: string): number | null {
  const order = orderOf(doc).map((b) => b.id);
  const moving = subtreeIds(doc.blocks, active);
  if (moving.has(over)) return null;
  const others = order.filter((id) => !moving.has(id));
  const at = others.indexOf(over);
  return order.indexOf(over) > order.indexOf(active) ? at + 1 : at;
}

export function BuildCanvas({ title }: { title: string }) {
  const store = useBuildStore();
  const doc = useBuild((s) => s.working);
  const readonly = useBuild((s) => s.readonly);
  const focus = useBuild((s) => s.focus_block_id);
  const canUndo = useBuild((s) => s.undo.length > 0);
  const canRedo = useBuild((s) => s.redo.length > 0);
  const [menu, setMenu] = useState(false);
  const [panel, setPanel] = useState<PanelTarget | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const insertRef = useRef<HTMLButtonElement>(null);
  const order = useMemo(() => orderOf(doc), [doc]);
  const depths = useMemo(() => depthsOf(doc), [doc]);
  const model = useMemo<FormModel>(() => ({ index: indexForm({ blocks: doc.blocks, fields: doc.fields, tree: [] }), prefill: noPrefill, lang: document.documentElement.lang || "en" }), [doc.blocks, doc.fields]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const dispatch = store.dispatch;
  const deleteGuard = useDeleteGuard();
  const closePanel = useCallback(() => {
    setPanel(null);
    const focused = store.get().focus_block_id;
    if (focused) listRef.current?.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
  }, [store]);

  // Keyboard focus follows the focused block (after keys, adds, deletes and undo).
  useEffect(() => {
    if (!focus) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(focus)}"]`);
    const active = document.activeElement;
    if (element && active !== element && (!active || active === document.body || listRef.current?.contains(active))) {
      element.focus({ preventScroll: true });
      element.scrollIntoView({ block: "nearest" });
    }
  }, [focus, order]);

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.target as HTMLElement).closest("input, textarea, select, [contenteditable=true]")) return;
    if (event.key === "/" && !readonly && !menu) {
      event.preventDefault();
      setMenu(true);
      return;
    }
    const focused = store.get().working.blocks.find((b) => b.id === store.get().focus_block_id);
    if (event.key === "Enter" && !readonly && focused && (focused.form_field_id || hasPanel(focused)) && (event.target as HTMLElement).dataset.blockId) {
      event.preventDefault();
      setPanel(focused.form_field_id ? { field_id: focused.form_field_id, fresh: false } : { block_id: focused.id, fresh: false });
      return;
    }
    const name = commandForKey(store.get(), event);
    if (!name) return;
    event.preventDefault();
    // A delete asks first when the block shows a field with answers.
    if (name === "delete-block" && focused) deleteGuard.request(focused.id);
    else dispatch(command(name, {}));
    if (name === "blur") (document.activeElement as HTMLElement | null)?.blur();
  };

  const pick = (item: InsertItem) => {
    setMenu(false);
    const block_id = crypto.randomUUID();
    if (item.kind === "field") {
      const field_id = crypto.randomUUID();
      dispatch(command("add-field", { type: item.type, field_id, block_id }));
      if (store.get().working.fields.some((f) => f.id === field_id)) setPanel({ field_id, fresh: true });
    }
    else if (item.kind === "block") {
      dispatch(command("add-block", { type: item.type, block_id }));
      if (hasPanel(item) && store.get().working.blocks.some((b) => b.id === block_id)) setPanel({ block_id, fresh: true });
    }
    else dispatch(command("add-field-block", { field_id: item.field_id, block_id }));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to_index = dropIndex(store.get().working, String(active.id), String(over.id));
    if (to_index !== null) dispatch(command("move-block", { block_id: String(active.id), to_index }));
  };

  return (
    <FieldPanelContext value={setPanel}>
    <RequestDeleteContext value={deleteGuard.request}>
    {/* From 1280 px the open side panel is the row's second column: the canvas shifts left beside it. */}
    <div className="flex min-h-full items-start">
    <div className="mx-auto grid w-full max-w-3xl min-w-0 gap-4 px-4 pt-4 pb-24" onKeyDown={onKeyDown}>
      <div className="sticky top-0 z-20 -mx-4 flex items-center gap-2 border-b border-line bg-page/95 px-4 py-2 backdrop-blur">
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-fg">{title}</h1>
        {readonly ? <span className="text-xs text-muted">Read only: viewers cannot change the form.</span> : (
          <>
            <SaveIndicator />
            <Button variant="ghost" size="icon" aria-label="Undo" title="Undo (Ctrl+Z)" disabled={!canUndo} onClick={() => dispatch(command("undo", {}))}><Undo2 /></Button>
            <Button variant="ghost" size="icon" aria-label="Redo" title="Redo (Shift+Ctrl+Z)" disabled={!canRedo} onClick={() => dispatch(command("redo", {}))}><Redo2 /></Button>
            <div className="relative">
              <Button ref={insertRef} size="sm" aria-haspopup="dialog" aria-expanded={menu} onClick={() => setMenu((open) => !open)} title="Insert (/)"><Plus />Insert</Button>
              {menu ? (
                <div className="absolute top-full right-0 z-30 mt-2">
                  <InsertMenu onPick={pick} onClose={() => { setMenu(false); insertRef.current?.focus(); }} />
                </div>
              ) : null}
            </div>
          </>
        )}
      </div>
      {order.length === 0 ? (
        <EmptyState
          icon={SquarePlus}
          title="This form has no questions yet"
          action={readonly ? undefined : <Button variant="primary" onClick={() => setMenu(true)}><Plus />Add the first question</Button>}
        >
          {readonly ? "Editors and owners add questions here." : "Add a field or a section to start. Press / to search every field type."}
        </EmptyState>
      ) : (
        <FormModelContext value={model}>
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={order.map((b) => b.id)} strategy={verticalListSortingStrategy}>
              <ol ref={listRef} aria-label="Blocks of the form" className="grid gap-1 rounded-2xl border border-line bg-card p-3 shadow-xs sm:p-4">
                {order.map((block) => <BlockFrame key={block.id} block={block} depth={depths.get(block.id) ?? 0} readonly={readonly} />)}
              </ol>
            </SortableContext>
          </DndContext>
        </FormModelContext>
      )}
      {!readonly && order.length > 0 ? (
        <p className="text-center text-xs text-muted">
          ↑ ↓ select · Enter edits · Alt+↑ ↓ move · Delete removes · / inserts · Ctrl+Z undoes
        </p>
      ) : null}
    </div>
    {panel && !readonly ? ("field_id" in panel
      ? <FieldPanel key={panel.field_id} field_id={panel.field_id} fresh={panel.fresh} onClose={closePanel} />
      : <BlockPanel key={panel.block_id} block_id={panel.block_id} fresh={panel.fresh} onClose={closePanel} />) : null}
    </div>
    {deleteGuard.dialog}
    </RequestDeleteContext>
    </FieldPanelContext>
  );
}
