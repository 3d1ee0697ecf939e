/**
 * `DATA_DIR/server.json` tells the CLI that a server holds the PGlite database, on which
 * port, and the token to run commands through it.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface ServerFile { pid: number; port: number; token: string }

const path = (dataDir: string) => join(dataDir, "server.json");

export function writeServerFile(dataDir: string, info: ServerFile): () => void {
  writeFileSync(path(dataDir), JSON.stringify(info), { mode: 0o600 });
  return () => rmSync(path(dataDir), { force: true });
}

export function readServerFile(dataDir: string): ServerFile | undefined {
  if (!existsSync(path(dataDir))) return undefined;
  try {
    const info = JSON.parse(readFileSync(path(dataDir), "utf8")) as ServerFile;
    process.kill(info.pid, 0); // throws when the process is gone
    return info;
  } catch {
    return undefined;
  }
}
