/**
 * Cell edits of a connected table (spec 2 §4 "Transactions for external-table cell edits";
 * core's cellTransactions): an edit shows at once as **pending**, is sent when no other edit
 * is in flight (**queued** while the connected database works on it, a locked row included),
 * and is **resolved** (removed) when the database answered: the row as it wrote it, or a
 * toast with its refusal and the stored value back. One at a time, in the order made, so
 * the database sees the edits in that order and the last one made wins.
 */
import { useEffect, useReducer, useRef, type Dispatch } from "react";
import { cellDigest, cellTransactions, type CellTransaction, type CellTransactionStatus, type DataColumn } from "@fieldwork/core";
import { rowHandle, updateRow, type Row, type TableRef } from "../../api/data-api";
import { messageOf } from "../../api/http";
import { toast } from "../../shell/toast-store";
import type { DataAction } from "./data-state";

/** The statuses of a shown row's cells in flight, by column (grid-columns.tsx shows them). */
export const TX_STATUS = Symbol("cell transaction statuses");
export type TxRow = Row & { [TX_STATUS]?: Record<string, CellTransactionStatus> };

/** The rows with every unresolved edit's value on top, and its status beside it. */
export function withTransactions(rows: Row[], transactions: readonly CellTransaction[], handle: (row: Row) => string): Row[] {
  if (transactions.length === 0) return rows;
  return rows.map((row) => {
    const mine = transactions.filter((t) => t.row === handle(row));
    if (mine.length === 0) return row;
    const shown: TxRow = { ...row, [TX_STATUS]: {} };
    for (const t of mine) {
      shown[t.column] = t.data;
      shown[TX_STATUS]![t.column] = t.status;
    }
    return shown;
  });
}

export function useCellQueue(ref: TableRef, csrf_token: string, dispatch: Dispatch<DataAction>) {
  const [transactions, send] = useReducer(cellTransactions, []);
  const targets = useRef(new Map<string, Row>());
  const clock = useRef(0);
  const tableId = `${ref.connection_id ?? ref.project_id}:${ref.profile}.${ref.table}`;

  useEffect(() => {
    if (transactions.some((t) => t.status === "queued")) return;
    const next = transactions.find((t) => t.status === "pending");
    if (!next) return;
    send({ type: "send", digest: next.digest });
    const target = targets.current.get(next.digest) ?? {};
    updateRow(ref, target, { [next.column]: next.data }, { csrf_token }).then(
      (stored) => dispatch({ type: "edit_settled", id: next.row, row: stored }),
      (error: unknown) => toast.error(`${next.column} was not saved: ${messageOf(error)}`),
    ).finally(() => {
      targets.current.delete(next.digest);
      send({ type: "resolve", digest: next.digest });
    });
  }, [transactions]);

  return {
    transactions,
    edit(row: Row, column: DataColumn, value: unknown): void {
      clock.current = Math.max(Date.now(), clock.current + 1);
      const transaction = { timestamp: clock.current, schema_table_id: tableId, column: column.name, row: rowHandle(ref, row), data: value };
      targets.current.set(cellDigest(transaction), row);
      send({ type: "edit", transaction });
    },
  };
}
