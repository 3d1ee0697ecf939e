import { mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { isSafeStorageKey } from "@fieldwork/core";
import { afterAll, describe, expect, it } from "vitest";
import { DiskDriver, STALE_TEMP_MS } from "./disk-driver";
import { storageFromConfig } from "./driver";
import { storageDriverSuite } from "./driver-suite";

const roots: string[] = [];
afterAll(async () => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

async function freshRoot() {
  const root = await mkdtemp(join(tmpdir(), "storage-disk-"));
  roots.push(root);
  return root;
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name))).sort();
}

describe("disk storage driver", () => {
  storageDriverSuite(async () => {
    const root = join(await freshRoot(), "storage");
    return { driver: new DiskDriver(root), everything: () => filesUnder(root).catch(() => []) };
  });

  it("keeps folders 0700 and files 0600 under DATA_DIR/storage", async () => {
    const dataDir = await freshRoot();
    const storage = storageFromConfig({ dataDir });
    expect(storage.kind).toBe("disk");
    await storage.put("f/r/x/a.txt", Readable.from([Buffer.from("hello")]), { contentType: "text/plain", maxBytes: 10 });
    expect((await stat(join(dataDir, "storage"))).mode & 0o777).toBe(0o700);
    expect((await stat(join(dataDir, "storage/f/r/x"))).mode & 0o777).toBe(0o700);
    expect((await stat(join(dataDir, "storage/f/r/x/a.txt"))).mode & 0o777).toBe(0o600);
  });

  it("sweeps the temporary files of puts that died with their process, and only those", async () => {
    const root = join(await freshRoot(), "storage");
    const driver = new DiskDriver(root);
    await driver.put("a/first.txt", Readable.from([Buffer.from("a")]), { contentType: "text/plain", maxBytes: 10 });
    const stale = join(root, ".tmp", "died-mid-upload");
    const fresh = join(root, ".tmp", "still-uploading");
    await writeFile(stale, "half");
    await writeFile(fresh, "half");
    const longAgo = new Date(Date.now() - STALE_TEMP_MS - 60_000);
    await utimes(stale, longAgo, longAgo);
    expect(await driver.sweepStaleTemporaries()).toBe(1);
    expect(await readdir(join(root, ".tmp"))).toEqual(["still-uploading"]);
    // A new process (a new driver) sweeps on its first put.
    await utimes(fresh, longAgo, longAgo);
    await new DiskDriver(root).put("a/second.txt", Readable.from([Buffer.from("b")]), { contentType: "text/plain", maxBytes: 10 });
    await expect.poll(() => readdir(join(root, ".tmp"))).toEqual([]);
  });

  it("removes the folders a move or delete emptied", async () => {
    const root = join(await freshRoot(), "storage");
    const driver = new DiskDriver(root);
    await driver.put("tmp/s1/x/r1/a.txt", Readable.from([Buffer.from("a")]), { contentType: "text/plain", maxBytes: 10 });
    await driver.move("tmp/s1/x/r1/a.txt", "f/r/x/a.txt");
    expect(await readdir(root)).toEqual(expect.arrayContaining(["f"]));
    expect(await readdir(root)).not.toContain("tmp");
  });

  it("never resolves a key the rules accept outside its root (property)", async () => {
    const driver = new DiskDriver(join(await freshRoot(), "storage"));
    const segment = fc.oneof(fc.constantFrom("..", ".", "", "%2e%2e", "..%2f", "\\", "~", "\u0000"), fc.string({ unit: "binary", maxLength: 12 }));
    fc.assert(fc.property(fc.array(segment, { minLength: 1, maxLength: 8 }), (segments) => {
      const key = segments.join("/");
      if (!isSafeStorageKey(key)) return;
      const path = driver.pathOf(key);
      expect(path.startsWith(`${driver.root}/`)).toBe(true);
      expect(relative(driver.root, path).split("/")).not.toContain("..");
    }), { numRuns: 5000 });
  });
});
