import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["packages/core/src/**/*.test.ts", "packages/web/src/**/*.test.{ts,tsx}", "packages/embed/src/**/*.test.ts"] } },
      {
        test: {
          name: "integration",
          include: ["packages/server/src/**/*.test.ts"],
          // Migrated PGlite and PostgreSQL templates, made once per run and copied per file.
          globalSetup: ["packages/server/src/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
