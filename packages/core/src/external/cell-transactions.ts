/**
 * Cell edits on an external table (spec 2 §4 "Transactions for external-table cell edits"):
 * an edit is `pending` while typed and shown, `queued` once sent, and `resolved` (removed)
 * when the database answered. Any other status is unsupported. A failed edit is removed too,
 * with its error kept beside the cell. Pure: the grid and its tests run the same reducer.
 */
export type CellTransactionStatus = "pending" | "queued";

export interface CellTransaction {
  digest: string;
  status: CellTransactionStatus;
  timestamp: number;
  schema_table_id: string;
  column: string;
  /** The row's primary key as text, joined with commas for a composite key. */
  row: string;
  data: unknown;
}

export type CellTransactionAction =
  | { type: "edit"; transaction: Omit<CellTransaction, "status" | "digest"> }
  | { type: "send"; digest: string }
  | { type: "resolve"; digest: string };

export const cellDigest = (t: Pick<CellTransaction, "schema_table_id" | "row" | "column" | "timestamp">) =>
  `${t.schema_table_id}\u0000${t.row}\u0000${t.column}\u0000${t.timestamp}`;

export function cellTransactions(state: readonly CellTransaction[], action: CellTransactionAction): CellTransaction[] {
  switch (action.type) {
    case "edit": {
      const t = { ...action.transaction, status: "pending" as const, digest: cellDigest(action.transaction) };
      // A newer pending edit of the same cell replaces the one not sent yet.
      return [...state.filter((o) => !(o.status === "pending" && o.schema_table_id === t.schema_table_id && o.row === t.row && o.column === t.column)), t];
    }
    case "send":
      return state.map((t) => (t.digest === action.digest && t.status === "pending" ? { ...t, status: "queued" } : t));
    case "resolve":
      return state.filter((t) => t.digest !== action.digest);
  }
}

/** What the grid shows for a cell: the latest edit not resolved yet, if any. */
export function cellOverlay(state: readonly CellTransaction[], table: string, row: string, column: string): CellTransaction | undefined {
  return state.findLast((t) => t.schema_table_id === table && t.row === row && t.column === column);
}
