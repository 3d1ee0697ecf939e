/** @jsxRuntime automatic */
/**
 * The grid's columns (spec 3 §9): the selection checkbox and the primary key frozen first
 * (100 wide, `#007`), then one column per table column with its field's label and type icon,
 * at most 300 wide, resizable and draggable; cells written by cell-value.ts, editors by
 * field type for editors of editable tables.
 */
import { capabilityOf, fieldTypeLabel, isSignatureImage, maskText, recordIdLabel, type DataColumn } from "@fieldwork/core";
import { SelectColumn, type Column, type RenderEditCellProps } from "react-data-grid";
import { useContext, type ReactNode } from "react";
import { Maximize2 } from "lucide-react";
import type { Row } from "../../api/data-api";
import { FieldTypeIcon } from "../../field-type-icon";
import { ChoiceCellEditor, JsonCellEditor, TextCellEditor } from "./cell-editors";
import { displayValue, editorKindOf, type DisplayOptions } from "./cell-value";
import { GridFileCell } from "./files/file-cell";
import { SignatureCellEditor, SketchCellEditor } from "./media-cell-editors";
import { ReferenceCellEditor } from "./reference-cell-editor";
import { TX_STATUS, type TxRow } from "./use-cell-queue";
import { ReferenceLabelsContext, referenceOfColumn } from "./use-reference-labels";

export const ROW_HEIGHT = 32;
export const HEADER_HEIGHT = 36;
export const CELL_MAX_WIDTH = 300;
export const KEY_COLUMN_WIDTH = 100;

export interface ColumnContext {
  display: DisplayOptions;
  editable: boolean;
  /** Why cells cannot be edited here (a read-only table, the viewer role); told on a double-click. */
  readOnlyReason: string | null;
  widths: Record<string, number>;
  onOpen: (row: Row) => void;
  onEdit: (row: Row, column: DataColumn, value: unknown) => void;
  /** A file cell's click: the file popover. */
  onOpenFiles: (row: Row, column: DataColumn) => void;
}

/** Whether a column holds files (file, image, audio, video fields). */
export const isFileColumn = (column: DataColumn) => column.field !== undefined && capabilityOf(column.field.type).file;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the key column shows: `#007` for responses, the customer's uid, a uuid's start, else the key's value. */
export function keyLabel(row: Row, key = "id"): string {
  if (typeof row.local_index === "number") return recordIdLabel(row.local_index);
  if (typeof row.uid === "number") return recordIdLabel(row.uid);
  const value = row[key];
  if (typeof value === "string") return UUID.test(value) ? value.slice(0, 8) : value;
  return value === null || value === undefined ? "" : String(value);
}

/** A cell of a connected table with an edit in flight: `pending` (waiting its turn) or `queued` (sent). */
function InFlight({ status, children }: { status: string; children: ReactNode }) {
  return <span data-tx-status={status} title={status === "queued" ? "Saving…" : "Waiting to be saved"} className="italic text-muted">{children}</span>;
}

/**
 * A reference cell: the referenced row's shown columns ("Blueberry muffin"), its key in the
 * title; a key no row has, greyed with "not found"; the key itself until the label is read.
 */
function ReferenceCell({ column, value, text, masked }: { column: DataColumn; value: unknown; text: string; masked: boolean }) {
  const found = useContext(ReferenceLabelsContext)(column, value);
  if (!found) return <span title={text.length > 40 ? text : undefined}>{text}</span>;
  if (found.label === null) return <span className="text-faint" title="not found" data-reference="not-found">{text}</span>;
  return <span title={masked ? undefined : found.key} data-reference="found">{masked ? maskText(found.label) : found.label}</span>;
}

function Header({ column }: { column: DataColumn }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5" title={`${column.label} (${column.field ? fieldTypeLabel(column.field.type) : column.format})`}>
      <FieldTypeIcon type={column.field?.type ?? null} format={column.format} />
      <span className="truncate font-medium">{column.label}</span>
    </span>
  );
}

/** Editors that open over the cell, the cell's content still shown under them. */
const POPOVER_EDITORS = new Set(["json", "signature", "sketch", "reference"]);

function editorFor(column: DataColumn, ctx: ColumnContext) {
  const kind = editorKindOf(column);
  if (!ctx.editable || kind === "none") return undefined;
  return ({ row, onClose }: RenderEditCellProps<Row>) => {
    const props = { column, value: row[column.name], commit: (value: unknown) => ctx.onEdit(row, column, value), close: () => onClose(false, true) };
    if (kind === "json") return <JsonCellEditor {...props} readOnly={false} />;
    if (kind === "signature") return <SignatureCellEditor {...props} />;
    if (kind === "sketch") return <SketchCellEditor {...props} />;
    if (kind === "reference") return <ReferenceCellEditor {...props} />;
    if (kind === "boolean") return <ChoiceCellEditor {...props} choices={[{ value: "true", label: "true" }, { value: "false", label: "false" }]} />;
    if (kind === "choice") return <ChoiceCellEditor {...props} choices={(column.field?.options ?? []).map((o) => ({ value: o.value, label: o.label ?? o.value }))} />;
    return <TextCellEditor {...props} />;
  };
}

export function gridColumns(columns: readonly DataColumn[], ctx: ColumnContext): Column<Row>[] {
  const key = columns.find((c) => c.key);
  const out: Column<Row>[] = [{ ...SelectColumn, frozen: true }];
  if (key) {
    out.push({
      key: key.name, name: "#", frozen: true, width: KEY_COLUMN_WIDTH, minWidth: KEY_COLUMN_WIDTH, maxWidth: KEY_COLUMN_WIDTH, resizable: false, sortable: false, draggable: false,
      renderHeaderCell: () => <span className="font-medium">#</span>,
      renderCell: ({ row }) => (
        <span className="group flex items-center justify-between gap-1 tabular-nums">
          <span className="truncate text-muted">{keyLabel(row, key.name)}</span>
          <button
            type="button"
            tabIndex={-1}
            aria-label={`Open ${keyLabel(row, key.name)}`}
            onClick={(e) => { e.stopPropagation(); ctx.onOpen(row); }}
            className="grid size-6 cursor-pointer place-items-center rounded text-faint opacity-0 group-hover:opacity-100 hover:bg-subtle hover:text-fg focus-visible:opacity-100"
          >
            <Maximize2 aria-hidden="true" className="size-3.5" />
          </button>
        </span>
      ),
    });
  }
  for (const column of columns) {
    if (column.key) continue;
    const editor = editorFor(column, ctx);
    out.push({
      key: column.name,
      name: column.label,
      width: ctx.widths[column.name] ?? "auto",
      minWidth: 80,
      maxWidth: CELL_MAX_WIDTH,
      resizable: true,
      sortable: column.format !== "jsonb",
      draggable: true,
      renderHeaderCell: () => <Header column={column} />,
      renderCell: ({ row }) => {
        const status = (row as TxRow)[TX_STATUS]?.[column.name];
        if (status) return <InFlight status={status}>{displayValue(column, row[column.name], ctx.display) || "NULL"}</InFlight>;
        if (isFileColumn(column) && !ctx.display.masked) return <GridFileCell row_id={String(row.id)} field_id={column.field?.id ?? null} value={row[column.name]} onOpen={() => ctx.onOpenFiles(row, column)} />;
        const text = displayValue(column, row[column.name], ctx.display);
        // A signature is an image the owner sees (core answer-formats.ts: a PNG data URL, nothing else is stored).
        const value = row[column.name];
        if (column.field?.type === "signature" && typeof value === "string" && isSignatureImage(value) && !ctx.display.masked) {
          return <img src={value} alt={text} data-testid="signature-cell" className="h-7 w-auto rounded bg-white" />;
        }
        if (text !== "" && referenceOfColumn(column)) return <ReferenceCell column={column} value={value} text={text} masked={ctx.display.masked} />;
        return text === "" ? <span className="text-faint">{row[column.name] === null || row[column.name] === undefined ? "NULL" : ""}</span> : <span title={text.length > 40 ? text : undefined}>{text}</span>;
      },
      ...(editor ? { renderEditCell: editor, editable: true, editorOptions: POPOVER_EDITORS.has(editorKindOf(column)) ? { displayCellContent: true, commitOnOutsideClick: false } : {} } : {}),
    });
  }
  return out;
}
