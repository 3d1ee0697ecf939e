import { describe, expect, it } from "vitest";
import { cellTransactions, type CellTransaction } from "@fieldwork/core";
import { rowHandle, rowsWhere } from "../../api/data-api";
import { TX_STATUS, withTransactions, type TxRow } from "./use-cell-queue";

describe("a connected table's cell edits on screen", () => {
  const ref = { key: ["id"] } as const;
  const rows = [{ id: 1, title: "a" }, { id: 2, title: "b" }];
  it("show each unresolved edit's value and status on its row, and leave the other rows as they are", () => {
    let tx: CellTransaction[] = cellTransactions([], { type: "edit", transaction: { timestamp: 1, schema_table_id: "t", column: "title", row: "2", data: "typed" } });
    tx = cellTransactions(tx, { type: "send", digest: tx[0]!.digest });
    tx = cellTransactions(tx, { type: "edit", transaction: { timestamp: 2, schema_table_id: "t", column: "title", row: "2", data: "typed again" } });
    const shown = withTransactions(rows, tx, (row) => rowHandle(ref, row)) as TxRow[];
    expect(shown[0]).toBe(rows[0]);
    expect(shown[1]).toMatchObject({ id: 2, title: "typed again" });
    expect(shown[1]![TX_STATUS]).toEqual({ title: "pending" });
    expect(withTransactions(rows, [], (row) => rowHandle(ref, row))).toBe(rows);
  });
  it("name rows by their key: an id, a key of another name, a composite key", () => {
    expect(rowHandle({}, { id: "u1" })).toBe("u1");
    expect(rowsWhere({}, [{ id: "u1" }, { id: "u2" }]).toString()).toBe("id=in.%28u1%2Cu2%29");
    expect(rowsWhere({ key: ["sku"] }, [{ sku: "a,b" }]).toString()).toBe("sku=eq.a%2Cb");
    expect(rowHandle({ key: ["a", "b"] }, { a: 1, b: "x" })).toBe('[1,"x"]');
    expect([...rowsWhere({ key: ["a", "b"] }, [{ a: 1, b: "x" }])]).toEqual([["a", "eq.1"], ["b", "eq.x"]]);
  });
});
