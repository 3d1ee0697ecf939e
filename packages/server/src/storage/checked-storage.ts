/**
 * The gate in front of every driver: each key (and list prefix) goes through core's
 * `assertStorageKey` first, so a hostile key is refused (STORAGE_KEY_INVALID) before any
 * driver, disk or S3, sees it. Also checks `maxBytes` and ranges, which drivers then trust.
 */
import { assertStorageKey } from "@fieldwork/core";
import type { StorageDriver } from "./driver";

export function checkedStorage(driver: StorageDriver): StorageDriver {
  return {
    kind: driver.kind,
    async put(key, body, options) {
      assertStorageKey(key);
      if (!Number.isSafeInteger(options.maxBytes) || options.maxBytes < 0) throw new RangeError(`maxBytes must be a whole number ≥ 0 (got ${options.maxBytes})`);
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
      return driver.move(from, to);
    },
    async delete(keys) {
      keys.forEach((key) => assertStorageKey(key));
      return driver.delete(keys);
    },
    async *list(prefix) {
      // A prefix is a key or a folder (`a/b/`); `` lists everything.
      if (prefix !== "") assertStorageKey(prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
      yield* driver.list(prefix);
    },
  };
}
