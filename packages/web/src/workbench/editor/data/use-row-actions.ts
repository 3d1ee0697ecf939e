/**
 * What an editor does to rows from the grid: an optimistic cell edit (shown at once, rolled
 * back with a toast when the server refuses it) and the bulk delete of the selection.
 */
import type { Dispatch } from "react";
import type { DataColumn } from "@fieldwork/core";
import { deleteRows, rowHandle, updateRow, type Row, type TableRef } from "../../api/data-api";
import { messageOf } from "../../api/http";
import { toast } from "../../shell/toast-store";
import type { DataAction } from "./data-state";

/** `reread` reads the page and its count again (useTableData) once a delete is done. */
export function rowActions(ref: TableRef, csrf_token: string, dispatch: Dispatch<DataAction>, reread: () => void) {
  return {
    edit(row: Row, column: DataColumn, value: unknown): void {
      const id = rowHandle(ref, row);
      dispatch({ type: "edit", id, values: { [column.name]: value } });
      updateRow(ref, row, { [column.name]: value }, { csrf_token }).then(
        (stored) => dispatch({ type: "edit_settled", id, row: stored }),
        (error: unknown) => {
          dispatch({ type: "edit_settled", id, row: null });
          toast.error(`${column.label} was not saved: ${messageOf(error)}`);
        },
      );
    },
    async remove(rows: readonly Row[]): Promise<void> {
      const ids = rows.map((row) => rowHandle(ref, row));
      if (rows.length === 0) return;
      try {
        const deleted = await deleteRows(ref, rows, { csrf_token });
        dispatch({ type: "deleted", ids: deleted.length > 0 ? deleted.map((r) => rowHandle(ref, r)) : ids });
        // A live read started before the delete committed may answer after it, with a count
        // that already left the rows out (and "deleted" took them off again): count afresh.
        reread();
        toast.success(`Deleted ${ids.length} ${ids.length === 1 ? "row" : "rows"}`);
      } catch (error) {
        toast.error(`The rows were not deleted: ${messageOf(error)}`);
      }
    },
  };
}
