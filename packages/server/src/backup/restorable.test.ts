import { describe, expect, it } from "vitest";
import type { BackupManifest } from "./backup-file";
import { checkRestorable } from "./restorable";

const manifest = (backend: "pglite" | "postgres", migrations: string[]): BackupManifest => ({
  format: 1, backend, created_at: "2026-11-25T00:00:00.000Z", schema_version: migrations.at(-1) ?? null, migrations,
  postgres_version: "15.20", contents: "", payload: { kind: "pg_dump-custom", bytes: 0, sha256: "0".repeat(64) },
});
const here = { backend: "postgres" as const, migrations: ["0001-a", "0002-b", "0003-c"] };

describe("checkRestorable", () => {
  it("takes a backup of the same backend at this version or an older one", () => {
    expect(() => checkRestorable(manifest("postgres", ["0001-a", "0002-b", "0003-c"]), here)).not.toThrow();
    expect(() => checkRestorable(manifest("postgres", ["0001-a"]), here)).not.toThrow();
    expect(() => checkRestorable(manifest("postgres", []), here)).not.toThrow();
  });

  it("refuses a backup holding a migration this code does not know, naming it", () => {
    expect(() => checkRestorable(manifest("postgres", ["0001-a", "0002-b", "0003-c", "0004-later"]), here)).toThrow(
      expect.objectContaining({ code: "BACKUP_FROM_NEWER_VERSION", message: expect.stringMatching(/0004-later/) }),
    );
  });

  it("refuses a backup made on the other backend", () => {
    expect(() => checkRestorable(manifest("pglite", ["0001-a"]), here)).toThrow(expect.objectContaining({ code: "BACKUP_BACKEND_MISMATCH" }));
  });
});
