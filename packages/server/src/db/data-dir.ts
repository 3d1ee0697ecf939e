/**
 * DATA_DIR holds PGlite's files (password hashes and webhook secrets among them, in the
 * tables and the write-ahead log), the secret key and the CLI's server file: nobody but the
 * server's own user may read them. Entry points (main.ts, the CLI) set the umask before
 * anything creates a file, then tighten what an older version or a wider umask left behind.
 */
import { chmodSync, existsSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** New files 0600 and directories 0700, PGlite's included (it creates them with 0666/0777). */
export const OWNER_ONLY_UMASK = 0o077;

/** Sets the process's umask to owner-only; call before the first file is created. */
export function useOwnerOnlyFiles(): void {
  process.umask(OWNER_ONLY_UMASK);
}

/**
 * Directories under `dataDir` (itself included) become 0700 and files 0600; symbolic links
 * are left alone (chmod would follow them out of the tree). Nothing happens when the
 * directory does not exist yet.
 */
export function restrictDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if ((stat.mode & 0o777) !== 0o600 && stat.isFile()) {
      chmodSync(path, 0o600);
    }
  };
  visit(dataDir);
}
