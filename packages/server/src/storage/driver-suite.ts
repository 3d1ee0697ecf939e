/**
 * The one test suite every storage driver passes (issue 21 item 1): call it from a driver's
 * test file with a factory that makes an empty store. Keys go through `checkedStorage`, as
 * `storageFromConfig` hands them out.
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { expect, it } from "vitest";
import { checkedStorage } from "./checked-storage";
import type { StorageDriver } from "./driver";

export interface DriverUnderTest {
  driver: StorageDriver;
  /** Every stored object including temporary ones, to prove that refused puts left nothing. */
  everything(): Promise<string[]>;
}

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
const bodyOf = (...chunks: Buffer[]) => Readable.from(chunks);
const read = async (stream: NodeJS.ReadableStream) => buffer(stream as AsyncIterable<Buffer>);

async function listKeys(driver: StorageDriver, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of driver.list(prefix)) keys.push(object.key);
  return keys.sort();
}

/** A body that sends `chunks` then never ends (until destroyed). */
function hangingBody(...chunks: Buffer[]) {
  const stream = new Readable({ read() {} });
  for (const chunk of chunks) stream.push(chunk);
  return stream;
}

export function storageDriverSuite(make: () => Promise<DriverUnderTest>) {
  const setup = async () => {
    const under = await make();
    return { ...under, storage: checkedStorage(under.driver) };
  };

  it("puts, heads, gets, lists, moves and deletes an object", async () => {
    const { storage } = await setup();
    const bytes = Buffer.concat([PNG, randomBytes(300_000)]);
    const stored = await storage.put("f1/r1/photo/a.png", bodyOf(bytes.subarray(0, 1000), bytes.subarray(1000)), { contentType: "image/png", maxBytes: 1_000_000 });
    expect(stored).toMatchObject({ key: "f1/r1/photo/a.png", size: bytes.length, contentType: "image/png" });
    expect(stored.lastModified).toBeInstanceOf(Date);
    expect(await storage.head("f1/r1/photo/a.png")).toMatchObject({ size: bytes.length, contentType: "image/png" });
    const got = await storage.get("f1/r1/photo/a.png");
    expect(got?.object.size).toBe(bytes.length);
    expect((await read(got!.body)).equals(bytes)).toBe(true);

    await storage.put("f1/r2/photo/b.txt", bodyOf(Buffer.from("hello")), { contentType: "text/plain", maxBytes: 10 });
    await storage.put("f10/r1/x/c.txt", bodyOf(Buffer.from("other form")), { contentType: "text/plain", maxBytes: 100 });
    expect(await listKeys(storage, "f1/")).toEqual(["f1/r1/photo/a.png", "f1/r2/photo/b.txt"]);
    expect(await listKeys(storage, "f1/r1")).toEqual(["f1/r1/photo/a.png"]);
    expect(await listKeys(storage, "")).toEqual(["f1/r1/photo/a.png", "f1/r2/photo/b.txt", "f10/r1/x/c.txt"]);

    await storage.move("f1/r1/photo/a.png", "f2/r9/photo/a.png");
    expect(await storage.head("f1/r1/photo/a.png")).toBeNull();
    expect((await read((await storage.get("f2/r9/photo/a.png"))!.body)).equals(bytes)).toBe(true);
    await expect(storage.move("f1/r1/photo/a.png", "f3/x")).rejects.toMatchObject({ code: "STORAGE_OBJECT_NOT_FOUND" });

    await storage.delete(["f2/r9/photo/a.png", "f1/r2/photo/b.txt", "never/was/there"]);
    expect(await storage.get("f2/r9/photo/a.png")).toBeNull();
    expect(await listKeys(storage, "")).toEqual(["f10/r1/x/c.txt"]);
  });

  it("streams a 12 MB body (multipart on S3) byte-identically, and refuses one past its cap after several parts", async () => {
    const { storage } = await setup();
    const bytes = randomBytes(12 * 1024 * 1024);
    const chunks = Array.from({ length: 48 }, (_, i) => bytes.subarray(i * 262_144, (i + 1) * 262_144));
    expect(await storage.put("a/big.bin", bodyOf(...chunks), { contentType: "application/octet-stream", maxBytes: 20_000_000 })).toMatchObject({ size: bytes.length });
    expect((await read((await storage.get("a/big.bin"))!.body)).equals(bytes)).toBe(true);
    await expect(storage.put("a/big2.bin", bodyOf(...chunks), { contentType: "application/octet-stream", maxBytes: 11_000_000 }))
      .rejects.toMatchObject({ code: "STORAGE_OBJECT_TOO_LARGE" });
    expect(await storage.head("a/big2.bin")).toBeNull();
  });

  it("moves keys holding characters URLs reserve ($ , + # ; & = @ : ?) and spaces", async () => {
    const { storage } = await setup();
    const names = ["a$b", "a,b", "a+b", "a#b", "a;b", "a&b", "a=b", "a@b", "a:b", "a?b", "CV Ada & Co, 2024 (v2) +1 #3.pdf"];
    for (const [i, name] of names.entries()) {
      const bytes = Buffer.from(`bytes of ${name}`);
      await storage.put(`tmp/s/${name}`, bodyOf(bytes), { contentType: "text/plain", maxBytes: 1000 });
      await storage.move(`tmp/s/${name}`, `f/r${i}/${name}`);
      expect(await storage.head(`tmp/s/${name}`), name).toBeNull();
      expect((await read((await storage.get(`f/r${i}/${name}`))!.body)).equals(bytes), name).toBe(true);
    }
    expect(await listKeys(storage, "tmp/")).toEqual([]);
    expect(await listKeys(storage, "f/")).toHaveLength(names.length);
  });

  it("answers null for a missing object and for a folder", async () => {
    const { storage } = await setup();
    await storage.put("a/b/c.txt", bodyOf(Buffer.from("x")), { contentType: "text/plain", maxBytes: 10 });
    expect(await storage.head("a/b/nothing")).toBeNull();
    expect(await storage.get("a/b/nothing")).toBeNull();
    expect(await storage.head("a/b")).toBeNull();
  });

  it("reads a byte range", async () => {
    const { storage } = await setup();
    const bytes = randomBytes(10_000);
    await storage.put("a/r.bin", bodyOf(bytes), { contentType: "application/octet-stream", maxBytes: 20_000 });
    const got = await storage.get("a/r.bin", { range: { start: 100, end: 199 } });
    expect(got?.object.size).toBe(10_000);
    expect((await read(got!.body)).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await storage.get("a/r.bin", { range: { start: 9_990, end: 20_000 } });
    expect((await read(tail!.body)).equals(bytes.subarray(9_990))).toBe(true);
  });

  it("stores an empty object and an object of exactly maxBytes", async () => {
    const { storage } = await setup();
    expect(await storage.put("a/empty", bodyOf(), { contentType: "text/plain", maxBytes: 10 })).toMatchObject({ size: 0 });
    expect(await storage.put("a/ten", bodyOf(Buffer.alloc(10, 97)), { contentType: "text/plain", maxBytes: 10 })).toMatchObject({ size: 10 });
  });

  it("refuses a body past maxBytes mid-stream and leaves no object (the old one stays)", async () => {
    const under = await setup();
    const { storage } = under;
    await storage.put("a/keep.bin", bodyOf(Buffer.from("old")), { contentType: "application/octet-stream", maxBytes: 10 });
    const before = await under.everything();
    const big = bodyOf(...Array.from({ length: 20 }, () => randomBytes(64 * 1024)));
    await expect(storage.put("a/keep.bin", big, { contentType: "application/octet-stream", maxBytes: 500_000 }))
      .rejects.toMatchObject({ code: "STORAGE_OBJECT_TOO_LARGE", message: "File is too large. Max size is 0.5MB" });
    await expect(storage.put("a/new.bin", bodyOf(randomBytes(600_000)), { contentType: "application/octet-stream", maxBytes: 500_000 }))
      .rejects.toMatchObject({ code: "STORAGE_OBJECT_TOO_LARGE" });
    expect(await storage.head("a/new.bin")).toBeNull();
    expect((await read((await storage.get("a/keep.bin"))!.body)).toString()).toBe("old");
    expect(await under.everything()).toEqual(before);
  });

  it("leaves nothing when a put is aborted half way", async () => {
    const under = await setup();
    const { storage } = under;
    const controller = new AbortController();
    const body = hangingBody(randomBytes(100_000));
    const put = storage.put("a/aborted.bin", body, { contentType: "application/octet-stream", maxBytes: 1_000_000, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();
    await expect(put).rejects.toThrow();
    expect(await storage.head("a/aborted.bin")).toBeNull();
    expect(await under.everything()).toEqual([]);
  });

  it("leaves nothing when the body fails half way", async () => {
    const under = await setup();
    const body = hangingBody(randomBytes(100_000));
    const put = under.storage.put("a/broken.bin", body, { contentType: "application/octet-stream", maxBytes: 1_000_000 });
    setTimeout(() => body.destroy(new Error("connection reset")), 100);
    await expect(put).rejects.toThrow();
    expect(await under.everything()).toEqual([]);
  });

  it("puts a body of declared size (one PutObject on S3) byte-identically; one that fails half way leaves nothing", async () => {
    const under = await setup();
    const bytes = Buffer.concat([PNG, randomBytes(7 * 1024 * 1024)]);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536));
    expect(await under.storage.put("a/sized.png", bodyOf(...chunks), { contentType: "image/png", maxBytes: 8_000_000, size: bytes.length }))
      .toMatchObject({ size: bytes.length, contentType: "image/png" });
    expect((await read((await under.storage.get("a/sized.png"))!.body)).equals(bytes)).toBe(true);
    const body = hangingBody(randomBytes(300_000));
    const put = under.storage.put("a/cut.bin", body, { contentType: "application/octet-stream", maxBytes: 1_000_000, size: 1_000_000 });
    setTimeout(() => body.destroy(new Error("connection reset")), 100);
    await expect(put).rejects.toThrow();
    expect(await under.storage.head("a/cut.bin")).toBeNull();
    expect(await under.everything()).toEqual(["a/sized.png"]);
    await expect(under.storage.put("a/x.bin", bodyOf(Buffer.from("x")), { contentType: "text/plain", maxBytes: 10, size: 11 })).rejects.toThrow(RangeError);
  });

  it("gives one whole object when puts to one key race (the last to finish wins)", async () => {
    const { storage } = await setup();
    const bodies = Array.from({ length: 8 }, (_, i) => Buffer.concat([Buffer.from(`v${i}:`), randomBytes(200_000)]));
    await Promise.all(bodies.map((bytes) => storage.put("a/race.bin", bodyOf(bytes.subarray(0, 50_000), bytes.subarray(50_000)), { contentType: "application/octet-stream", maxBytes: 1_000_000 })));
    const got = (await read((await storage.get("a/race.bin"))!.body));
    expect(bodies.some((bytes) => bytes.equals(got))).toBe(true);
    expect(await listKeys(storage, "a/")).toEqual(["a/race.bin"]);
  });

  it.each([
    "../escape", "a/../../escape", "/etc/passwd", "a\\..\\b", "a/b\u0000", "a/%2e%2e/b", "..%2fb", "a//b", ".cache/x", `a/${"n".repeat(256)}`,
  ])("refuses the key %j before the driver sees it", async (key) => {
    const under = await setup();
    const refused = { code: "STORAGE_KEY_INVALID" };
    await expect(under.storage.put(key, bodyOf(Buffer.from("x")), { contentType: "text/plain", maxBytes: 10 })).rejects.toMatchObject(refused);
    await expect(under.storage.get(key)).rejects.toMatchObject(refused);
    await expect(under.storage.head(key)).rejects.toMatchObject(refused);
    await expect(under.storage.move("a/b", key)).rejects.toMatchObject(refused);
    await expect(under.storage.delete([key])).rejects.toMatchObject(refused);
    expect(await under.everything()).toEqual([]);
  });
}
