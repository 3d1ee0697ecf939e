import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { wholeNumberFromEnv } from "./packages/server/src/env-number";

/**
 * Unit and integration files at once. Vitest's own default is one fewer than the cores, which
 * on a 2-core CI machine is 1: every file one after the other, while an integration file
 * mostly keeps one core busy (its own thread, or PGlite's worker, or PostgreSQL) and waits
 * on the others. Each file has its own databases (copies of the run's templates), so files
 * share no state.
 */
const testWorkers = wholeNumberFromEnv(process.env, "TEST_WORKERS", Math.max(2, availableParallelism()), 1);

/**
 * End-to-end files at once: each worker process has its own server (own DATA_DIR, free port)
 * and its own Chromium, so files at once share no state; 2 is what a 2-core CI machine takes
 * (bench/RESULTS.md).
 */
const e2eWorkers = wholeNumberFromEnv(process.env, "E2E_WORKERS", 2, 1);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/core/src/**/*.test.ts", "packages/web/src/**/*.test.{ts,tsx}", "packages/embed/src/**/*.test.ts"],
          maxWorkers: testWorkers,
          // Property tests of thousands of runs (safe-url, the logic parser, PostgREST syntax)
          // take 1–3 s alone on the shared 2-core machine and passed Vitest's 5 s default
          // with two files at once.
          testTimeout: 20_000,
          // A worker runs its files one after the other in one process and keeps the modules it
          // imported: each file's own process spent half the project's time importing core,
          // React and the web modules again (110 → 28 CPU-s, 58 → 16 s on 2 cores). The files
          // are pure logic and restore what they stub (vi.unstubAllGlobals in afterEach).
          isolate: false,
        },
      },
      {
        test: {
          name: "integration",
          include: ["packages/server/src/**/*.test.ts"],
          // Migrated PGlite and PostgreSQL templates, made once per run and copied per file.
          globalSetup: ["packages/server/src/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: testWorkers, // group 0 with unit: the same count
          // A worker runs its files one after the other in one process, which keeps what the
          // process compiled: the app's modules, and PGlite's WebAssembly (pglite-client.ts),
          // which each file's fresh process compiled and optimized again, for every PGlite it
          // opened. Files share no state (each opens its own databases, sets no environment and
          // restores what it mocks), so nothing carries from one file to the next.
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          // A migrated PGlite DATA_DIR, made once per run and copied for each server.
          globalSetup: ["e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: e2eWorkers,
          // A worker runs its files one after the other in one process, which keeps its server
          // and its Chromium (e2e/harness.ts sharedServer, e2e/browser.ts openBrowser): a file
          // no longer waits ~4 s for a server to start and migrate-check, seed and a Chromium to
          // launch, beside the other worker's tests. Files make their own owners and forms, and
          // each comes from an address of its own (e2e/session.ts).
          isolate: false,
          // What the page shows after a reload or a server round trip: Vitest's 1 s default for
          // expect.poll was at the edge on a quiet machine (the Theme preview's first draw after
          // a reload took 0.92–0.97 s) and past it with two files at once; 5 s is the default
          // of Playwright's own assertions and of Vitest's browser mode.
          expect: { poll: { timeout: 5_000 } },
          // After unit and integration (group 0), which run on every core.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
