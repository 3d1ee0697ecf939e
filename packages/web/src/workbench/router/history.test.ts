import { describe, expect, it } from "vitest";
import { indexOfState, restoreAfterRefusedPop } from "./history";

describe("indexOfState", () => {
  it("reads the position this router writes and nothing else", () => {
    expect(indexOfState({ fw_index: 3 })).toBe(3);
    expect(indexOfState({ fw_index: 0 })).toBe(0);
    expect(indexOfState(null)).toBeNull();
    expect(indexOfState("state")).toBeNull();
    expect(indexOfState({ fw_index: "2" })).toBeNull();
    expect(indexOfState({ fw_index: 1.5 })).toBeNull();
  });
});

describe("restoreAfterRefusedPop", () => {
  it("undoes a refused Back by going forward the same number of steps", () => {
    expect(restoreAfterRefusedPop(4, 3)).toEqual({ type: "go", delta: 1 });
    expect(restoreAfterRefusedPop(4, 1)).toEqual({ type: "go", delta: 3 });
  });

  it("undoes a refused Forward by going back", () => {
    expect(restoreAfterRefusedPop(2, 3)).toEqual({ type: "go", delta: -1 });
  });

  it("pushes the page again when the entry arrived at has no position (or the same one)", () => {
    expect(restoreAfterRefusedPop(2, null)).toEqual({ type: "push" });
    expect(restoreAfterRefusedPop(2, 2)).toEqual({ type: "push" });
  });
});
