import { describe, expect, it } from "vitest";
import { SIGN_IN_BACKOFF, signInDelaySeconds } from "./account-limits";

describe("signInDelaySeconds", () => {
  it("is 0 under the limit, then doubles from the first delay up to the cap", () => {
    expect(signInDelaySeconds(SIGN_IN_BACKOFF.failures - 1)).toBe(0);
    expect(signInDelaySeconds(SIGN_IN_BACKOFF.failures)).toBe(SIGN_IN_BACKOFF.first_delay_seconds);
    expect(signInDelaySeconds(SIGN_IN_BACKOFF.failures + 1)).toBe(SIGN_IN_BACKOFF.first_delay_seconds * 2);
    expect(signInDelaySeconds(SIGN_IN_BACKOFF.failures + 100)).toBe(SIGN_IN_BACKOFF.max_delay_seconds);
  });
});
