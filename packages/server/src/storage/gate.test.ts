import { describe, expect, it } from "vitest";
import { Gate } from "./gate";

describe("Gate", () => {
  it("lets at most `slots` holders in at once, the others in arrival order", async () => {
    const gate = new Gate(2);
    const order: string[] = [];
    const first = await gate.enter();
    const second = await gate.enter();
    const third = gate.enter().then((release) => { order.push("third"); return release; });
    const fourth = gate.enter().then((release) => { order.push("fourth"); return release; });
    await Promise.resolve();
    expect(gate.load).toEqual({ holders: 2, waiting: 2 });
    first();
    first(); // a second release of the same slot frees nothing more
    (await third)();
    second();
    (await fourth)();
    expect(order).toEqual(["third", "fourth"]);
    expect(gate.load).toEqual({ holders: 0, waiting: 0 });
  });

  it("an abort while waiting rejects with its reason and gives the place up", async () => {
    const gate = new Gate(1);
    const held = await gate.enter();
    const aborter = new AbortController();
    const waiting = gate.enter(aborter.signal);
    aborter.abort(new Error("client gone"));
    await expect(waiting).rejects.toThrow("client gone");
    expect(gate.load).toEqual({ holders: 1, waiting: 0 });
    held();
    const next = await gate.enter();
    expect(gate.load.holders).toBe(1);
    next();
  });

  it("refuses an already aborted signal and a gate without slots", async () => {
    await expect(new Gate(1).enter(AbortSignal.abort(new Error("late")))).rejects.toThrow("late");
    expect(() => new Gate(0)).toThrow(RangeError);
  });
});
