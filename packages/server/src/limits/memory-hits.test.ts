import { describe, expect, it } from "vitest";
import { MemoryHits } from "./memory-hits";

describe("MemoryHits", () => {
  const limit = { max: 2, window_seconds: 60 };

  it("counts hits per key in fixed windows aligned on the epoch, with the seconds left", () => {
    const hits = new MemoryHits();
    const t = 1_800_000_000_000; // a multiple of 60 s
    expect(hits.hit("read:1.2.3.4", limit, t + 10_000)).toEqual({ hits: 1, retry_after: 50 });
    expect(hits.hit("read:1.2.3.4", limit, t + 59_500)).toEqual({ hits: 2, retry_after: 1 });
    expect(hits.hit("read:5.6.7.8", limit, t + 59_600).hits).toBe(1);
    expect(hits.hit("read:1.2.3.4", limit, t + 60_000)).toEqual({ hits: 1, retry_after: 60 });
  });

  it("keeps a bounded number of keys", () => {
    const hits = new MemoryHits();
    for (let i = 0; i < 100_010; i++) hits.hit(`k${i}`, limit, 0);
    expect(hits.size).toBeLessThanOrEqual(100_000);
  });
});
