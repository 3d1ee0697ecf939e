import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachAtOnce } from "./at-once";

const log: string[] = [];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachAtOnce([{ name: "a" }, { name: "b" }], "case $name", ({ name }) => {
  beforeAll(() => void log.push(`${name} opens`));
  it("waits first", async () => {
    log.push(`${name} first starts`);
    await pause(100);
    log.push(`${name} first ends`);
  });
  it("waits second", async () => {
    log.push(`${name} second starts`);
    await pause(100);
    log.push(`${name} second ends`);
  });
});

afterAll(() => {
  // Both suites were open before either's first test ended; each one's second test started
  // only after its first ended.
  expect(log.indexOf("b first starts")).toBeLessThan(log.indexOf("a first ends"));
  for (const name of ["a", "b"]) expect(log.indexOf(`${name} second starts`)).toBeGreaterThan(log.indexOf(`${name} first ends`));
  expect(log).toHaveLength(10);
});
