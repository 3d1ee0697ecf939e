/** @jsxRuntime automatic */
/**
 * The record editor side panel (spec 3 §2 "Record editor", spec 2 §2 "Record editor
 * panel"). Titled New or Response {index}. Create renders an input per field and posts the
 * row; update shows the record read only until Edit, then PATCHes the changed keys; read
 * (sessions, customers) only shows. Every input passes core's `parseFieldValue` before a
 * save, its reason under the input. Show info reveals general info, customer info with
 * "More about this customer", and the raw meta as JSON.
 */
import { useEffect, useId, useReducer, useRef } from "react";
import { Info, Pencil } from "lucide-react";
import type { DataColumn, FormField } from "@fieldwork/core";
import { Button } from "../../../../ui/button";
import { rowHandle, type Row, type TableRef } from "../../../api/data-api";
import { SidePanel, SidePanelFooter } from "../../build/side-panel";
import { recordTitle } from "./record-display";
import { RecordInputs, RecordValues } from "./record-fields";
import { RecordInfo } from "./record-info";
import { RecordPayments } from "./record-payments";
import { initRecord, recordReducer, visibleErrors, type RecordMode } from "./record-state";
import { draftsOf } from "./record-values";
import { useRecordSave } from "./use-record-save";

export interface RecordPanelProps {
  mode: "create" | "update" | "read";
  /** What the table shows (form columns carry their field). */
  columns: DataColumn[];
  /** The form's fields ([] for sessions and customers). */
  fields: FormField[];
  /** null in create mode. */
  row: Row | null;
  /** Where to post and patch. */
  table: TableRef;
  csrf_token: string;
  onClose(): void;
  /** After a successful insert or update, with the row as stored. */
  onSaved(row: Row, created: boolean): void;
  onOpenCustomer(customer_id: string): void;
  /** The form of a responses table: its paid rows show their Payment section (record-payments.tsx). */
  form_id?: string | null;
  /** Editors refund; viewers read. */
  canEdit?: boolean;
  /** Show info (general, customer, meta): a form's and Fieldwork's tables; a connected table has none of it. */
  info?: boolean;
  /** The grid is in a box of its own height (a connected table on the project page). */
  contained?: boolean;
}

/** The fields a record edits: the form's, or those of the table's columns. */
const editableFields = (fields: FormField[], columns: DataColumn[]) =>
  fields.length > 0 ? fields : columns.flatMap((c) => (c.field ? [c.field] : []));

/** Shown as the record's values: everything in read mode; the answers otherwise (system columns are in the info). */
const shownColumns = (mode: RecordMode, columns: DataColumn[]) => (mode === "read" ? columns : columns.filter((c) => !c.system));

function RecordBody(props: RecordPanelProps & { fields: FormField[] }) {
  const { mode, columns, fields, table, onClose, onOpenCustomer } = props;
  const [state, dispatch] = useReducer(recordReducer, { mode, fields, row: props.row }, initRecord);
  const save = useRecordSave(state, dispatch, props);
  const infoId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const errors = visibleErrors(state, fields);
  const row = state.row;

  // A refresh of the grid hands a newer copy of the row: shown unless the owner is typing.
  const given = useRef(props.row);
  useEffect(() => {
    if (props.row === given.current) return;
    given.current = props.row;
    dispatch({ type: "row-changed", row: props.row, drafts: draftsOf(fields, props.row) });
  }, [props.row, fields]);

  // Edit puts the focus in the first input; Save and Cancel give it back to Edit.
  const editRef = useRef<HTMLButtonElement>(null);
  const opened = useRef(state.editing);
  useEffect(() => {
    if (state.editing && !opened.current) bodyRef.current?.querySelector<HTMLElement>("input, textarea, select")?.focus();
    if (!state.editing && opened.current) editRef.current?.focus();
    opened.current = state.editing;
  }, [state.editing]);

  return (
    <>
      <div ref={bodyRef} className="grid content-start gap-5 overflow-y-auto px-5 py-5">
        {state.editing ? (
          <RecordInputs fields={fields} drafts={state.drafts} errors={errors} disabled={state.saving} dispatch={dispatch} />
        ) : row ? (
          <RecordValues columns={shownColumns(mode, columns)} row={row} />
        ) : null}
        {row && props.form_id && typeof row.id === "string" && fields.some((f) => f.type === "payment") ? (
          <RecordPayments form_id={props.form_id} row_id={row.id} canEdit={props.canEdit ?? false} csrf_token={props.csrf_token} />
        ) : null}
        {row && props.info !== false ? (
          <div className="grid gap-5">
            <div>
              <Button variant="ghost" size="sm" aria-expanded={state.info_open} aria-controls={state.info_open ? infoId : undefined}
                onClick={() => dispatch({ type: "toggle-info" })}>
                <Info />{state.info_open ? "Hide info" : "Show info"}
              </Button>
            </div>
            {state.info_open ? <RecordInfo id={infoId} row={row} table={table.table} onOpenCustomer={onOpenCustomer} /> : null}
          </div>
        ) : null}
      </div>
      {state.editing ? (
        <SidePanelFooter
          refusal={state.refusal?.message}
          invalid={Object.keys(errors).length > 0}
          saving={state.saving}
          onCancel={mode === "create" ? onClose : () => dispatch({ type: "cancel-edit" })}
          onSave={() => void save()}
        />
      ) : mode === "update" ? (
        <div className="flex justify-end border-t border-line bg-card px-5 py-3">
          <Button ref={editRef} variant="primary" onClick={() => dispatch({ type: "edit" })}><Pencil />Edit</Button>
        </div>
      ) : null}
    </>
  );
}

export function RecordPanel(props: RecordPanelProps) {
  const { mode, row, table, onClose } = props;
  const id = row ? rowHandle(table, row) : "";
  const key = `${mode}:${id}`;
  return (
    <SidePanel title={recordTitle(mode, row, table)} focusKey={key} onClose={onClose} contained={props.contained ?? false}>
      <RecordBody key={key} {...props} fields={editableFields(props.fields, props.columns)} />
    </SidePanel>
  );
}
