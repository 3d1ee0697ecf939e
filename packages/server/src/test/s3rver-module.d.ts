/** The part of `s3rver` (no published types) that the tests and benchmarks use. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  import type { Readable } from "node:stream";

  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    store: S3rverStore;
  }

  /** Its filesystem store (lib/stores/filesystem.js). */
  export interface S3rverStore {
    putBucket(name: string): Promise<void>;
    getResourcePath(bucket: string, key: string, resource: string): string;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
    putObject(object: { bucket: string; key: string; content: Buffer | Readable; metadata: Record<string, string> }): Promise<{ size: number; md5: string }>;
  }
}
