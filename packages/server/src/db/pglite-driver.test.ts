import { describe, expect, it } from "vitest";
import { LaneQueue } from "./pglite-driver";

describe("LaneQueue", () => {
  it("hands the connection to waiting respondents first, each lane in arrival order", async () => {
    const queue = new LaneQueue();
    const order: string[] = [];
    const release = await queue.lock("other");
    const waiters = [
      ["other", "other 1"], ["respondent", "respondent 1"], ["other", "other 2"], ["respondent", "respondent 2"],
    ].map(async ([lane, name]) => {
      const done = await queue.lock(lane as "other" | "respondent");
      order.push(name!);
      done();
    });
    release();
    await Promise.all(waiters);
    expect(order).toEqual(["respondent 1", "respondent 2", "other 1", "other 2"]);
  });

  it("ignores a second release of the same lock", async () => {
    const queue = new LaneQueue();
    const first = await queue.lock("other");
    let second = false;
    const waiting = queue.lock("other").then((release) => { second = true; return release; });
    first();
    first();
    const release = await waiting;
    expect(second).toBe(true);
    let third = false;
    const next = queue.lock("respondent").then(() => (third = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(third).toBe(false); // still held by the second
    release();
    await next;
  });
});
