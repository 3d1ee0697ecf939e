/** @jsxRuntime automatic */
/**
 * A reference field (a `search` field with a reference, spec 1 §3.3 and §3.6): the visitor types,
 * the form asks the lookup route (GET /v1/session/{id}/field/{id}/search?q=) for matching rows,
 * and the chosen row's referenced column is posted under the field's name. Loaded only by
 * forms that have one; without JavaScript the page keeps a plain input for the key (plain-field.tsx).
 */
import { useEffect, useRef, useState } from "react";
import { PARAM } from "@fieldwork/core";
import { useFieldError } from "../field-errors";
import { textDefault } from "../prefill";
import { describedBy, fieldDomId } from "./field-attrs";
import { FieldShell } from "./field-shell";
import { controlClass } from "./field-styles";
import type { FieldProps } from "./field-props";

type Row = Record<string, unknown>;
const DEBOUNCE_MS = 250;

/**
 * The columns of a stored reference the form shows, read by hand: zod (core's ReferenceConfig)
 * probes `new Function`, which the form page's CSP reports. The server validated it on save.
 */
function shownColumns(stored: unknown): { column: string; shown: string[] } {
  const value = (typeof stored === "object" && stored !== null ? stored : {}) as { column?: unknown; shown?: unknown };
  const column = typeof value.column === "string" ? value.column : "id";
  const shown = Array.isArray(value.shown) ? value.shown.filter((c): c is string => typeof c === "string") : [];
  return { column, shown };
}

const cell = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));

export default function ReferenceField({ field, locked, prefill }: FieldProps) {
  const config = shownColumns(field.reference);
  const refused = useFieldError(field.name) !== undefined;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [key, setKey] = useState(() => textDefault(prefill) ?? "");
  const [rows, setRows] = useState<Row[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const keyColumn = config.column;
  const labelOf = (row: Row) => {
    const shown = config.shown.filter((c) => c !== keyColumn).map((c) => cell(row[c])).filter(Boolean);
    return shown.length ? shown.join(" · ") : cell(row[keyColumn]);
  };

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const session = input.current?.form?.elements.namedItem(PARAM.session);
      const sessionId = session instanceof HTMLInputElement ? session.value : "";
      if (!sessionId) return;
      const url = `/v1/session/${encodeURIComponent(sessionId)}/field/${encodeURIComponent(field.id)}/search?${new URLSearchParams({ q: text.slice(0, 200) })}`;
      fetch(url, { signal: controller.signal, headers: { accept: "application/json" } })
        .then((r) => (r.ok ? r.json() as Promise<{ data: Row[] }> : { data: [] }))
        .then((answer) => { setRows(answer.data); setActive(0); })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => { clearTimeout(timer); controller.abort(); };
  }, [text, open, field.id]);

  const choose = (row: Row) => {
    setKey(cell(row[keyColumn]));
    setText(labelOf(row));
    setOpen(false);
  };
  const listId = `${fieldDomId(field)}-rows`;
  return (
    <FieldShell field={field}>
      <input
        ref={input} id={fieldDomId(field)} type="search" role="combobox" autoComplete="off" value={text}
        aria-expanded={open} aria-controls={listId} aria-autocomplete="list"
        aria-activedescendant={open && rows[active] ? `${listId}-${active}` : undefined}
        placeholder={field.placeholder ?? undefined} disabled={field.readonly || undefined}
        {...describedBy(field, refused)} data-testid="reference-search"
        onChange={(e) => { setText(e.target.value); setKey(""); setOpen(true); }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") { e.preventDefault(); setActive((a) => Math.min(a + 1, rows.length - 1)); }
          else if (e.key === "ArrowUp") { e.preventDefault(); setActive((a) => Math.max(a - 1, 0)); }
          else if (e.key === "Enter" && open && rows[active]) { e.preventDefault(); choose(rows[active]); }
          else if (e.key === "Escape") setOpen(false);
        }}
        className={controlClass}
      />
      {open && rows.length > 0 ? (
        <ul id={listId} role="listbox" className="mt-1 max-h-64 overflow-auto rounded-xl border border-line bg-card shadow">
          {rows.map((row, i) => (
            <li
              key={cell(row[keyColumn])} id={`${listId}-${i}`} role="option" aria-selected={i === active}
              onMouseDown={(e) => { e.preventDefault(); choose(row); }}
              className={`cursor-pointer px-3 py-2 text-fg ${i === active ? "bg-accent-soft" : ""}`}
            >
              {labelOf(row)}
            </li>
          ))}
        </ul>
      ) : null}
      {/* The key itself: `required` is checked here, on what is posted (a typed text is not an answer). */}
      <input type="hidden" name={field.name} value={key} data-testid="reference-key" />
      {field.required && !locked && !key ? <input tabIndex={-1} aria-hidden="true" required value="" onChange={() => undefined} className="sr-only" /> : null}
    </FieldShell>
  );
}
