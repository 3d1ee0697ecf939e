/**
 * When the search filler (search-filler.ts) fills a noted table: once its writes pause for
 * `delayMs`, or at the latest `maxDelayMs` after the first write it has not filled, so a rush
 * of submits has the database to itself meanwhile; `idle()` fills what is waiting at once.
 * The fill itself is stubbed here (search-vector.test.ts fills real tables).
 */
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DB } from "../db/schema";
import { SearchFiller } from "./search-filler";

const OPTIONS = { delayMs: 200, maxDelayMs: 5_000, sweepEveryMs: 3_600_000 };

describe("the search filler's timing", () => {
  let filler: SearchFiller;
  let fills: { table: string; at: number }[];
  let start: number;

  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
    fills = [];
    filler = new SearchFiller({} as Kysely<DB>, OPTIONS);
    vi.spyOn(filler, "fill").mockImplementation(async (table: string) => {
      fills.push({ table, at: Date.now() - start });
    });
  });
  afterEach(async () => {
    await filler.close();
    vi.useRealTimers();
  });

  it("fills a table delayMs after a write that no other follows", async () => {
    filler.note("t");
    await vi.advanceTimersByTimeAsync(199);
    expect(fills).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fills).toEqual([{ table: "t", at: 200 }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fills).toHaveLength(1);
  });

  it("waits while the writes go on, and fills once they pause", async () => {
    for (let i = 0; i < 20; i++) {
      filler.note("t");
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(fills).toEqual([]);
    await vi.advanceTimersByTimeAsync(150);
    expect(fills).toEqual([{ table: "t", at: 1_150 }]);
  });

  it("fills a table written without pause at the latest maxDelayMs after its first unfilled write, then again", async () => {
    for (let i = 0; i < 240; i++) {
      filler.note("busy");
      if (i % 40 === 0) filler.note("quiet");
      await vi.advanceTimersByTimeAsync(50);
    }
    const busy = fills.filter((f) => f.table === "busy").map((f) => f.at);
    // Noted at 0, filled at 5,000; noted again by the write right after that fill, filled at 10,000.
    expect(busy).toEqual([5_000, 10_000]);
    // A table noted now and then is filled 200 ms after each note, whatever the other does.
    expect(fills.filter((f) => f.table === "quiet").map((f) => f.at)).toEqual([200, 2_200, 4_200, 6_200, 8_200, 10_200]);
  });

  it("fills what is waiting at once when asked to be idle", async () => {
    filler.note("a");
    filler.note("b");
    await vi.advanceTimersByTimeAsync(10);
    await filler.idle();
    expect(fills.map((f) => f.table).sort()).toEqual(["a", "b"]);
    expect(fills.every((f) => f.at === 10)).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fills).toHaveLength(2);
  });

  it("takes no note once closed", async () => {
    await filler.close();
    filler.note("t");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fills).toEqual([]);
  });
});
