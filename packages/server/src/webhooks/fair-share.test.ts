import { describe, expect, it } from "vitest";
import { deferSeconds, FairShare, tenantShare } from "./fair-share";

describe("FairShare", () => {
  it("runs one attempt per webhook and at most the share per organization, and frees slots once", () => {
    const share = new FairShare(2);
    const a1 = share.acquire("w1", "org-a");
    expect(a1).not.toBeNull();
    expect(share.acquire("w1", "org-a")).toBeNull();
    const a2 = share.acquire("w2", "org-a");
    expect(a2).not.toBeNull();
    expect(share.acquire("w3", "org-a")).toBeNull();
    expect(share.acquire("w4", "org-b")).not.toBeNull();
    a1!();
    a1!();
    expect(share.acquire("w3", "org-a")).not.toBeNull();
    expect(share.acquire("w5", "org-a")).toBeNull();
  });
  it("gives an organization half the workers, at least one, and defers for longer each time", () => {
    expect([1, 2, 4, 5].map(tenantShare)).toEqual([1, 1, 2, 2]);
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(deferSeconds)).toEqual([1, 1, 1, 4, 8, 16, 30, 30]);
  });
});
