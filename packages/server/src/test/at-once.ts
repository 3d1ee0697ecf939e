/**
 * `describe.each` whose suites run at the same time. For files whose tests mostly wait
 * (deadlines, retries, receivers, slow bodies): a worker then waits once for both backends
 * instead of once for each, while the run's other worker keeps the CPU busy.
 */
import { describe } from "vitest";

/**
 * `describe.each(cases)(name, body)`, the cases' suites at the same time and each suite's
 * tests one after the other (an inner suite without a name, which the reports leave out).
 * Only where the suites share nothing process-wide (environment, fake timers, mocks) and
 * each case has its own database.
 */
export function describeEachAtOnce<T extends object>(cases: readonly T[], name: string, body: (item: T) => void): void {
  describe.each(cases)(name, { concurrent: true }, (item) => {
    describe("", { concurrent: false }, () => body(item));
  });
}
