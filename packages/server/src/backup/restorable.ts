/**
 * Whether a backup may be restored here: made on the same backend, by a Fieldwork whose
 * migrations this code all knows (an older backup is migrated after the restore).
 */
import { FieldworkError } from "@fieldwork/core";
import type { BackupManifest } from "./backup-file";

export function checkRestorable(manifest: BackupManifest, here: { backend: "pglite" | "postgres"; migrations: readonly string[] }): void {
  if (manifest.backend !== here.backend) {
    throw new FieldworkError("BACKUP_BACKEND_MISMATCH", `The backup was made on ${manifest.backend}; this Fieldwork runs on ${here.backend}.`);
  }
  const known = new Set(here.migrations);
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new FieldworkError(
      "BACKUP_FROM_NEWER_VERSION",
      `The backup is at schema version ${manifest.schema_version}; this Fieldwork knows migrations up to ${here.migrations.at(-1)} (unknown: ${unknown.join(", ")}). Upgrade Fieldwork, then restore.`,
    );
  }
}
