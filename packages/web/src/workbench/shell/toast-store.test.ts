import { describe, expect, it } from "vitest";
import { createToastStore } from "./toast-store";

describe("toast store", () => {
  it("shows a toast, keeps at most three and removes each after its timeout", () => {
    const timers: (() => void)[] = [];
    const store = createToastStore(5000, (fn) => void timers.push(fn));
    let changes = 0;
    store.subscribe(() => changes++);
    for (const m of ["a", "b", "c", "d"]) store.error(m);
    expect(store.snapshot().map((t) => t.message)).toEqual(["b", "c", "d"]);
    timers[1]!();
    expect(store.snapshot().map((t) => t.message)).toEqual(["c", "d"]);
    expect(changes).toBe(5);
  });
});
