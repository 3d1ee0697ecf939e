import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planBatch, type PlanInput, type PlanItem } from "./batch-plan";

const base: PlanInput = {
  response_count: 0, last_local_index: 0, max_total: null, max_by_customer: null,
  customer_counts: new Map(), stock: new Map(), submitted_sessions: new Map(),
};
const item = (over: Partial<PlanItem> = {}): PlanItem => ({ session_id: null, customer_id: null, demand: [], ...over });

describe("planBatch", () => {
  it("numbers accepted submits after the counter, in arrival order", () => {
    const plan = planBatch([item(), item(), item()], { ...base, response_count: 7, last_local_index: 7 });
    expect(plan.decisions).toEqual([7, 8, 9].map((n) => ({ kind: "accept", local_index: n + 1 })));
    expect(plan.accepted).toBe(3);
  });

  it("refuses past the total limit without taking a number", () => {
    const plan = planBatch([item(), item(), item()], { ...base, response_count: 8, last_local_index: 8, max_total: 10 });
    expect(plan.decisions.map((d) => d.kind)).toEqual(["accept", "accept", "refuse"]);
    expect(plan.decisions[2]).toEqual({ kind: "refuse", code: "FORM_RESPONSE_LIMIT_REACHED" });
  });

  it("counts the responses the form holds for the total limit, and numbers after the last index given", () => {
    // 9 rows were made, 7 deleted: 2 held, so a limit of 3 takes one more, numbered 10.
    const plan = planBatch([item(), item()], { ...base, response_count: 2, last_local_index: 9, max_total: 3 });
    expect(plan.decisions).toEqual([{ kind: "accept", local_index: 10 }, { kind: "refuse", code: "FORM_RESPONSE_LIMIT_REACHED" }]);
    expect(plan.accepted).toBe(1);
  });

  it("counts a customer's earlier answers and this batch's", () => {
    const plan = planBatch([item({ customer_id: "a" }), item({ customer_id: "a" }), item({ customer_id: "b" })], {
      ...base, max_by_customer: 2, customer_counts: new Map([["a", 1]]),
    });
    expect(plan.decisions.map((d) => d.kind)).toEqual(["accept", "refuse", "accept"]);
    expect(plan.decisions[2]).toEqual({ kind: "accept", local_index: 2 });
  });

  it("repeats a session's answer, whether it was made before or earlier in the batch", () => {
    const plan = planBatch([item({ session_id: "old" }), item({ session_id: "new" }), item({ session_id: "new" })], {
      ...base, response_count: 4, last_local_index: 4, submitted_sessions: new Map([["old", 3]]),
    });
    expect(plan.decisions).toEqual([
      { kind: "repeat", local_index: 3, same_as: null },
      { kind: "accept", local_index: 5 },
      { kind: "repeat", local_index: 5, same_as: 1 },
    ]);
  });

  it("answers a session's repeat even from a form closed since, and refuses a closed submit without taking anything", () => {
    const plan = planBatch([item({ session_id: "old", closed: "FORM_CLOSED_WHILE_RESPONDING" }), item({ closed: "FORM_SCHEDULE_NOT_IN_RANGE", demand: ["x"] }), item({ demand: ["x"] })], {
      ...base, response_count: 1, last_local_index: 1, submitted_sessions: new Map([["old", 1]]), stock: new Map([["x", 1]]),
    });
    expect(plan.decisions).toEqual([
      { kind: "repeat", local_index: 1, same_as: null },
      { kind: "refuse", code: "FORM_SCHEDULE_NOT_IN_RANGE" },
      { kind: "accept", local_index: 2 },
    ]);
  });

  it("takes one unit per chosen option, and says sold out once nothing is left", () => {
    const plan = planBatch([item({ demand: ["x", "y"] }), item({ demand: ["y"] }), item({ demand: ["x"] }), item({ demand: [] })], {
      ...base, stock: new Map([["x", 1], ["y", 1]]),
    });
    expect(plan.decisions.map((d) => (d.kind === "refuse" ? d.code : d.kind))).toEqual(["accept", "FORM_SOLD_OUT", "FORM_SOLD_OUT", "accept"]);
    expect(plan.taken).toEqual(new Map([["x", 1], ["y", 1]]));
    const some = planBatch([item({ demand: ["x"] }), item({ demand: ["x"] })], { ...base, stock: new Map([["x", 1], ["y", 3]]) });
    expect(some.decisions[1]).toEqual({ kind: "refuse", code: "FORM_OPTION_UNAVAILABLE" });
  });

  it("never exceeds a limit or the stock, and numbers stay gapless, whatever the batch", () => {
    const items = fc.array(fc.record({
      session_id: fc.option(fc.constantFrom("s1", "s2", "s3"), { nil: null }),
      customer_id: fc.option(fc.constantFrom("c1", "c2"), { nil: null }),
      demand: fc.subarray(["x", "y"]),
    }), { maxLength: 60 });
    fc.assert(fc.property(items, fc.nat(20), fc.option(fc.nat(30), { nil: null }), fc.option(fc.nat(3), { nil: null }), fc.nat(5), fc.nat(5),
      (batch, count, total, perCustomer, x, y) => {
        const plan = planBatch(batch, { ...base, response_count: count, last_local_index: count, max_total: total, max_by_customer: perCustomer, stock: new Map([["x", x], ["y", y]]) });
        const accepted = plan.decisions.flatMap((d, i) => (d.kind === "accept" ? [{ d, item: batch[i]! }] : []));
        expect(accepted.map(({ d }) => d.kind === "accept" && d.local_index)).toEqual(accepted.map((_, n) => count + n + 1));
        if (total !== null) expect(count + accepted.length).toBeLessThanOrEqual(Math.max(total, count));
        for (const option of ["x", "y"] as const) {
          expect(accepted.filter(({ item }) => item.demand.includes(option)).length).toBeLessThanOrEqual(option === "x" ? x : y);
        }
        if (perCustomer !== null) {
          for (const c of ["c1", "c2"]) expect(accepted.filter(({ item }) => item.customer_id === c).length).toBeLessThanOrEqual(perCustomer);
        }
        const sessions = accepted.flatMap(({ item }) => (item.session_id ? [item.session_id] : []));
        expect(new Set(sessions).size).toBe(sessions.length);
      }));
  });
});
