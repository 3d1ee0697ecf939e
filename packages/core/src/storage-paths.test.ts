import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FieldworkError } from "./error-catalogue";
import { isSafeStorageKey, storageKeyOf, storageKeyProblem, storageNameOf, STORAGE_KEY_LIMITS } from "./storage-paths";

describe("storage keys (issue 21)", () => {
  it("takes the answer and staged layouts", () => {
    expect(isSafeStorageKey("f_1/r_2/cv/resume.pdf")).toBe(true);
    expect(isSafeStorageKey("tmp/s1/cv/8c1f/Résumé (final) 100 %.pdf")).toBe(true);
    expect(isSafeStorageKey("f/r/x/.env")).toBe(true);
  });

  it.each([
    ["", "empty"],
    ["../etc/passwd", "dot_segment"],
    ["a/../../b", "dot_segment"],
    ["a/./b", "dot_segment"],
    ["a/..", "dot_segment"],
    ["/etc/passwd", "absolute"],
    ["C:/Windows/x", "absolute"],
    ["c:x", "absolute"],
    ["a\\..\\b", "forbidden_character"],
    ["a/b\u0000.png", "forbidden_character"],
    ["a/b\n.png", "forbidden_character"],
    ["a/gpj.\u202eexe", "forbidden_character"],
    ["a/%2e%2e/b", "encoded_character"],
    ["a/..%2fb", "encoded_character"],
    ["a/%2E%2E%2Fb", "encoded_character"],
    ["a/%00", "encoded_character"],
    ["a//b", "empty_segment"],
    ["a/b/", "empty_segment"],
    ["a/\ud800.png", "malformed_unicode"],
    [".cache/a/b", "reserved"],
    [".tmp/x", "reserved"],
    [`a/${"n".repeat(STORAGE_KEY_LIMITS.name_bytes + 1)}`, "name_too_long"],
    [`a/${"é".repeat(128)}`, "name_too_long"],
    [Array(300).fill("abcd").join("/"), "too_long"],
  ])("refuses %j (%s)", (key, problem) => {
    expect(storageKeyProblem(key)).toBe(problem);
    expect(isSafeStorageKey(key)).toBe(false);
  });

  it("refuses what is not a string", () => {
    expect(isSafeStorageKey(undefined)).toBe(false);
    expect(isSafeStorageKey(["a"])).toBe(false);
  });

  it("storageKeyOf joins segments or throws STORAGE_KEY_INVALID", () => {
    expect(storageKeyOf("f", "r", "cv", "a.pdf")).toBe("f/r/cv/a.pdf");
    expect(() => storageKeyOf("f", "..", "a.pdf")).toThrow(FieldworkError);
    expect(() => storageKeyOf("f", "a/../b")).toThrow(expect.objectContaining({ code: "STORAGE_KEY_INVALID" }) as Error);
  });

  it("storageNameOf keeps the base name of a visitor's file and makes it safe", () => {
    expect(storageNameOf("C:\\fakepath\\cv.pdf")).toBe("cv.pdf");
    expect(storageNameOf("../../etc/passwd")).toBe("passwd");
    expect(storageNameOf("..")).toBe("file");
    expect(storageNameOf("")).toBe("file");
    expect(storageNameOf(".htaccess")).toBe("htaccess");
    expect(storageNameOf("a%2e%2e.png")).toBe("a_2e_2e.png");
    expect(storageNameOf("x\u0000y\u202e.png")).toBe("xy.png");
    const long = storageNameOf(`${"é".repeat(300)}.jpeg`);
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(255);
    expect(long.endsWith("é.jpeg")).toBe(true);
  });

  it("every name storageNameOf makes is a safe key segment (property)", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 400 }), (name) => {
      expect(isSafeStorageKey(`f/r/x/${storageNameOf(name)}`)).toBe(true);
    }), { numRuns: 2000 });
  });

  it("no safe key has a segment that climbs or a character that splits it (property)", () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: "binary", maxLength: 20 }), { minLength: 1, maxLength: 6 }), (segments) => {
      const key = segments.join("/");
      if (!isSafeStorageKey(key)) return;
      for (const segment of key.split("/")) {
        expect(segment).not.toBe("..");
        expect(segment).not.toBe(".");
        expect(segment).not.toBe("");
      }
      expect(key).not.toMatch(/[\\\u0000]|%[0-9a-f]{2}/i);
      expect(key.startsWith("/")).toBe(false);
    }), { numRuns: 2000 });
  });
});
