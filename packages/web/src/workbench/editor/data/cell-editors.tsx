/** @jsxRuntime automatic */
/**
 * The grid's cell editors. Each hands its text to `commit`, which checks it with the
 * field's rules and saves it (grid-columns.tsx); a refused value keeps the editor open with
 * the reason in a tip anchored under the cell (cell-error-tip.tsx: outside the grid, which
 * clips its cells, and announced). The JSON editor (spec 3 §5): empty is null, "Invalid JSON" blocks saving, and
 * nothing is sent when the value did not change.
 */
import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { DataColumn } from "@fieldwork/core";
import { Button } from "../../../ui/button";
import { editText, parseEdit, parseJsonText, sameValue } from "./cell-value";
import { CellErrorTip } from "./cell-error-tip";
import { CellPopover } from "./cell-popover";

export interface EditorProps {
  column: DataColumn;
  value: unknown;
  /** Saves the value; resolves when the edit is accepted locally (the save itself is optimistic). */
  commit: (value: unknown) => void;
  close: () => void;
}

const inputClass = "size-full bg-field px-2 text-sm text-fg outline-2 -outline-offset-2 outline-accent";

function useCheckedCommit({ column, value, commit, close }: EditorProps) {
  const [error, setError] = useState<string | null>(null);
  const submit = (text: string) => {
    const result = parseEdit(column, text);
    if (!result.ok) return setError(result.message);
    if (sameValue(result.value, value)) return close();
    commit(result.value);
    close();
  };
  return { error, submit, clearError: () => setError(null) };
}

export function TextCellEditor(props: EditorProps) {
  const [text, setText] = useState(() => editText(props.value));
  const { error, submit, clearError } = useCheckedCommit(props);
  const anchor = useRef<HTMLDivElement>(null);
  const tipId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter") { event.preventDefault(); event.stopPropagation(); submit(text); }
    if (event.key === "Escape") { event.stopPropagation(); props.close(); }
  };
  return (
    <div ref={anchor} className="relative size-full">
      <input
        autoFocus
        aria-label={`Edit ${props.column.label}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? tipId : undefined}
        value={text}
        onChange={(e) => { setText(e.target.value); clearError(); }}
        onKeyDown={onKeyDown}
        onBlur={() => submit(text)}
        className={inputClass}
      />
      <CellErrorTip id={tipId} anchor={anchor} message={error} />
    </div>
  );
}

export function ChoiceCellEditor(props: EditorProps & { choices: { value: string; label: string }[] }) {
  const { error, submit } = useCheckedCommit(props);
  const anchor = useRef<HTMLDivElement>(null);
  const tipId = useId();
  return (
    <div ref={anchor} className="relative size-full">
      <select
        autoFocus
        aria-label={`Edit ${props.column.label}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? tipId : undefined}
        defaultValue={editText(props.value)}
        onChange={(e) => submit(e.target.value)}
        onKeyDown={(e) => { if (e.key === "Escape") { e.stopPropagation(); props.close(); } }}
        onBlur={props.close}
        className={inputClass}
      >
        <option value="">—</option>
        {props.choices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
      </select>
      <CellErrorTip id={tipId} anchor={anchor} message={error} />
    </div>
  );
}

export function JsonCellEditor({ column, value, commit, close, readOnly }: EditorProps & { readOnly: boolean }) {
  const [text, setText] = useState(() => (value === null || value === undefined ? "" : JSON.stringify(value, null, 2)));
  const parsed = parseJsonText(text);
  const save = () => {
    if (!parsed.ok) return;
    if (!sameValue(parsed.value, value ?? null)) commit(parsed.value);
    close();
  };
  return (
    <CellPopover label={`Edit ${column.label} (JSON)`} close={close} onKeyDown={(e) => { if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) save(); }}>
      <textarea
        autoFocus
        aria-label={`${column.label} JSON`}
        readOnly={readOnly}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={8}
        spellCheck={false}
        aria-invalid={parsed.ok ? undefined : true}
        className="w-full resize-y rounded-md border border-line-strong bg-field p-2 font-mono text-xs text-fg outline-none focus:border-accent aria-invalid:border-danger"
      />
      <div className="flex items-center gap-2">
        {parsed.ok ? <span className="text-xs text-faint">Empty saves null.</span> : <span role="alert" className="text-xs text-danger">Invalid JSON</span>}
        <span className="flex-1" />
        <Button size="sm" onClick={close}>Cancel</Button>
        {readOnly ? null : <Button size="sm" variant="primary" disabled={!parsed.ok} onClick={save}>Save</Button>}
      </div>
    </CellPopover>
  );
}
