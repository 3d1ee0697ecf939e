import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";

describe("the e2e project's global setup", () => {
  it("hands the workers a migrated PGlite DATA_DIR for startServer to copy", () => {
    const { dataDir } = inject("e2eDataDirTemplate");
    expect(existsSync(join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    expect(existsSync(join(dataDir, "secret_key"))).toBe(false);
  });
});
