/** @jsxRuntime automatic */
/**
 * One block on the canvas: the block as visitors see it (inert, so clicks select it), a
 * focus outline, and for editors a small toolbar (move up, move down, hide/show, delete).
 * It is a sortable item: dragging it anywhere moves it.
 */
import { memo, type ReactNode } from "react";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import { fieldTypeLabel, type FormBlock } from "@fieldwork/core";
import { cn } from "../../../ui/cn";
import { command } from "./build-reducer";
import { COMMANDS } from "./build-commands";
import { useBuild, useBuildStore } from "./build-store";
import { BlockPreview } from "./block-preview";
import { useOpenFieldPanel } from "./field-panel/panel-context";
import { BLOCK_TYPE_LABELS, hasPanel } from "./block-panel/block-panel-state";
import { htmlToText } from "./block-panel/block-text";
import { useRequestDelete } from "./delete-block-guard";


function ToolButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="button" aria-label={label} title={label} disabled={disabled}
      onClick={(e) => { e.stopPropagation(); onClick(); }}
      className="focus-ring grid size-7 cursor-pointer place-items-center rounded text-muted hover:bg-subtle hover:text-fg disabled:cursor-not-allowed disabled:opacity-40 [&_svg]:size-4"
    >
      {children}
    </button>
  );
}

export const BlockFrame = memo(function BlockFrame({ block, depth, readonly }: { block: FormBlock; depth: number; readonly: boolean }) {
  const store = useBuildStore();
  const focused = useBuild((s) => s.focus_block_id === block.id);
  const field = useBuild((s) => (block.form_field_id ? s.working.fields.find((f) => f.id === block.form_field_id) : undefined));
  const canUp = useBuild((s) => focused && COMMANDS["move-block-up"].predicate(s, { block_id: block.id }));
  const canDown = useBuild((s) => focused && COMMANDS["move-block-down"].predicate(s, { block_id: block.id }));
  const { setNodeRef, listeners, transform, transition, isDragging } = useSortable({ id: block.id, disabled: readonly });
  const hidden = block.v_hidden === true;
  const kind = field ? `${fieldTypeLabel(field.type)} field` : BLOCK_TYPE_LABELS[block.type];
  const title = htmlToText(block.title_html).replace(/\s+/g, " ");
  const name = field ? `${kind}: ${field.label ?? field.name}` : title ? `${kind}: ${title}` : kind;
  const dispatch = store.dispatch;
  const requestDelete = useRequestDelete();
  const openPanel = useOpenFieldPanel();
  const editable = !readonly && (!!field || hasPanel(block));
  const edit = () => openPanel(field ? { field_id: field.id, fresh: false } : { block_id: block.id, fresh: false });

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, marginLeft: `${depth * 1.25}rem` }}
      className={cn("relative list-none", isDragging && "z-10 opacity-80")}
    >
      <div
        role="group"
        tabIndex={focused ? 0 : -1}
        data-block-id={block.id}
        aria-label={`${name}${hidden ? " (hidden)" : ""}`}
        aria-current={focused || undefined}
        onFocus={(e) => { if (e.target === e.currentTarget && !focused) dispatch(command("focus-block", { block_id: block.id })); }}
        onClick={() => { if (!focused) dispatch(command("focus-block", { block_id: block.id })); }}
        onDoubleClick={(e) => { if (editable && !(e.target as HTMLElement).closest("[role=toolbar]")) edit(); }}
        {...listeners}
        className={cn(
          "group/block relative rounded-xl border px-4 py-4 outline-none transition-[border-color,box-shadow] duration-150 sm:px-5",
          block.type === "section" ? "mt-6 first:mt-0" : "",
          focused ? "border-accent ring-4 ring-accent-soft" : "border-transparent hover:border-line-strong",
          readonly ? "cursor-default" : "cursor-pointer",
        )}
      >
        <div className="mb-2 flex min-h-7 items-center gap-2">
          <span className="text-xs font-medium text-muted">{kind}{field ? <span className="ml-1 font-mono font-normal">{field.name}</span> : null}</span>
          {hidden ? <span className="rounded bg-subtle px-1.5 py-0.5 text-xs text-muted">Hidden</span> : null}
          {typeof block.v_hidden === "string" ? (
            <span title={`Hidden while ${block.v_hidden}`} className="max-w-48 truncate rounded bg-subtle px-1.5 py-0.5 font-mono text-xs text-muted">Conditional</span>
          ) : null}
          {focused && !readonly ? (
            <div role="toolbar" aria-label="Block actions" className="ml-auto flex items-center gap-0.5 rounded-md border border-line bg-card p-0.5 shadow-xs">
              {editable ? <ToolButton label={field ? "Edit field" : "Edit"} onClick={edit}><Pencil /></ToolButton> : null}
              <ToolButton label="Move up" disabled={!canUp} onClick={() => dispatch(command("move-block-up", { block_id: block.id }))}><ArrowUp /></ToolButton>
              <ToolButton label="Move down" disabled={!canDown} onClick={() => dispatch(command("move-block-down", { block_id: block.id }))}><ArrowDown /></ToolButton>
              <ToolButton label={hidden ? "Show to visitors" : "Hide from visitors"} onClick={() => dispatch(command("toggle-hidden", { block_id: block.id }))}>{hidden ? <Eye /> : <EyeOff />}</ToolButton>
              <ToolButton label="Delete" onClick={() => requestDelete(block.id)}><Trash2 /></ToolButton>
            </div>
          ) : null}
        </div>
        <div inert className={cn(hidden && "opacity-50")}>
          <BlockPreview block={block} />
        </div>
      </div>
    </li>
  );
});
