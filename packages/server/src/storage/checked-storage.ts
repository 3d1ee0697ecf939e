/**
 * The gate in front of every driver: each key (and list prefix) goes through core's
 * `assertStorageKey` first, so a hostile key is refused (STORAGE_KEY_INVALID) before any
 * driver, disk or S3, sees it. Also checks `maxBytes` and ranges, which drivers then trust.
 */
import { assertStorageKey } from "@fieldwork/core";
import type { StorageDriver } from "./driver";
import { transformCacheFolder } from "./transform";

const unchecked = new WeakMap<StorageDriver, StorageDriver>();

/** The driver behind a checked one: only for keys the server makes itself (the transform cache). */
export function uncheckedDriverOf(storage: StorageDriver): StorageDriver {
  return unchecked.get(storage) ?? storage;
}

/** Drops the cached transforms of keys that were deleted or moved away. */
async function dropTransforms(driver: StorageDriver, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    const cached: string[] = [];
    for await (const object of driver.list(transformCacheFolder(key))) cached.push(object.key);
    if (cached.length > 0) await driver.delete(cached);
  }
}

export function checkedStorage(driver: StorageDriver): StorageDriver {
  const checked: StorageDriver = {
    kind: driver.kind,
    async put(key, body, options) {
      assertStorageKey(key);
      if (!Number.isSafeInteger(options.maxBytes) || options.maxBytes < 0) throw new RangeError(`maxBytes must be a whole number ≥ 0 (got ${options.maxBytes})`);
      if (options.size !== undefined && !(Number.isSafeInteger(options.size) && options.size >= 0 && options.size <= options.maxBytes)) {
        throw new RangeError(`size must be a whole number from 0 to maxBytes (got ${options.size})`);
      }
      return driver.put(key, body, options);
    },
    async get(key, options) {
      assertStorageKey(key);
      const range = options?.range;
      if (range && !(Number.isSafeInteger(range.start) && Number.isSafeInteger(range.end) && range.start >= 0 && range.end >= range.start)) {
        throw new RangeError(`a byte range is start ≤ end, both ≥ 0 (got ${range.start}-${range.end})`);
      }
      return driver.get(key, options);
    },
    async head(key) {
      assertStorageKey(key);
      return driver.head(key);
    },
    async move(from, to) {
      assertStorageKey(from);
      assertStorageKey(to);
      await driver.move(from, to);
      await dropTransforms(driver, [from]);
    },
    async delete(keys) {
      keys.forEach((key) => assertStorageKey(key));
      await driver.delete(keys);
      await dropTransforms(driver, keys);
    },
    async *list(prefix) {
      // A prefix is a key or a folder (`a/b/`); `` lists everything.
      if (prefix !== "") assertStorageKey(prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
      yield* driver.list(prefix);
    },
  };
  unchecked.set(checked, driver);
  return checked;
}
