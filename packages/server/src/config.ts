/** Runtime configuration from the environment (docs: README "Environment"). */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  secretKey: string;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy: addresses or CIDRs,
   * comma separated). The default, loopback, fits a reverse proxy on the same machine; a
   * wider setting would let anyone pick their own address and dodge per-address limits.
   */
  trustProxy: string;
}

export const DEFAULT_TRUST_PROXY = "127.0.0.1,::1";

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = resolve(env.DATA_DIR ?? "./.data");
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    secretKey: env.SECRET_KEY || secretFromDataDir(dataDir),
    trustProxy: env.TRUST_PROXY || DEFAULT_TRUST_PROXY,
  };
}

/** A secret generated once into DATA_DIR when SECRET_KEY is not given. */
function secretFromDataDir(dataDir: string): string {
  const file = join(dataDir, "secret_key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
