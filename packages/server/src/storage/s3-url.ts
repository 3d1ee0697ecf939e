/**
 * `STORAGE_URL=s3://bucket[/prefix]?endpoint=http://…&region=…&forcePathStyle=true`: which
 * bucket, where, and with which credentials (`AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY`
 * from the environment, or the URL's `user:password@` when given; the URL wins).
 */
import type { StorageDriver } from "./driver";
import { S3Driver } from "./s3-driver";

export interface S3Location {
  bucket: string;
  /** Keys are stored under this prefix (`""` or ending in `/`). */
  prefix: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export function s3LocationOf(url: string, env: NodeJS.ProcessEnv = process.env): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== "s3:" || !parsed.hostname) throw new Error("STORAGE_URL for S3 is s3://bucket?endpoint=…&region=…");
  const params = parsed.searchParams;
  const path = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, "");
  const fromUrl = parsed.username
    ? { accessKeyId: decodeURIComponent(parsed.username), secretAccessKey: decodeURIComponent(parsed.password) }
    : undefined;
  const fromEnv = env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
    ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }
    : undefined;
  const endpoint = params.get("endpoint") ?? undefined;
  return {
    bucket: parsed.hostname,
    prefix: path ? `${path}/` : "",
    endpoint,
    region: params.get("region") ?? env.AWS_REGION ?? "us-east-1",
    // A custom endpoint (MinIO, s3rver, R2…) usually wants path-style addressing.
    forcePathStyle: (params.get("forcePathStyle") ?? (endpoint ? "true" : "false")) === "true",
    credentials: fromUrl ?? fromEnv,
  };
}

export function s3DriverFromUrl(url: string, env: NodeJS.ProcessEnv = process.env): StorageDriver {
  return new S3Driver(s3LocationOf(url, env));
}
