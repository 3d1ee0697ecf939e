import { describe, expect, it } from "vitest";
import { cellOverlay, cellTransactions, type CellTransaction } from "./cell-transactions";

const edit = (data: unknown, timestamp: number, column = "name") =>
  ({ type: "edit", transaction: { timestamp, schema_table_id: "public.t", column, row: "1", data } }) as const;

describe("cell transactions", () => {
  it("go pending → queued → resolved (removed)", () => {
    let state: CellTransaction[] = cellTransactions([], edit("a", 1));
    expect(state.map((t) => t.status)).toEqual(["pending"]);
    const digest = state[0]!.digest;
    state = cellTransactions(state, { type: "send", digest });
    expect(state.map((t) => t.status)).toEqual(["queued"]);
    expect(cellOverlay(state, "public.t", "1", "name")?.data).toBe("a");
    state = cellTransactions(state, { type: "resolve", digest });
    expect(state).toEqual([]);
    expect(cellOverlay(state, "public.t", "1", "name")).toBeUndefined();
  });

  it("a second edit of a cell not sent yet replaces the first; a queued one stays until answered", () => {
    let state = cellTransactions([], edit("a", 1));
    state = cellTransactions(state, edit("b", 2));
    expect(state.map((t) => t.data)).toEqual(["b"]);
    state = cellTransactions(state, { type: "send", digest: state[0]!.digest });
    state = cellTransactions(state, edit("c", 3));
    expect(state.map((t) => [t.data, t.status])).toEqual([["b", "queued"], ["c", "pending"]]);
    expect(cellOverlay(state, "public.t", "1", "name")?.data).toBe("c");
  });

  it("sending a resolved or unknown digest changes nothing", () => {
    const state = cellTransactions([], edit("a", 1, "x"));
    expect(cellTransactions(state, { type: "send", digest: "nope" })).toEqual(state);
  });
});
