import { describe, expect, it } from "vitest";
import { signStorageToken, signStorageUrl, verifyStorageToken } from "./signed-url";

const secret = "s".repeat(64);
const key = "tmp/s1/cv/x1/cv.pdf";
const now = Date.UTC(2026, 0, 1);
const put = { key, op: "put" as const, expiresInSeconds: 600, maxBytes: 52_428_800, accept: "application/pdf" };

describe("signed storage URLs (issue 21 item 6)", () => {
  it("names the object route on our origin and grants what was signed", () => {
    const url = signStorageUrl(secret, put, now);
    expect(url).toMatch(/^\/v1\/storage\/object\/tmp\/s1\/cv\/x1\/cv\.pdf\?token=[\w-]+\.[\w-]+$/);
    const token = new URL(url, "http://x").searchParams.get("token");
    expect(verifyStorageToken(secret, { key, op: "put", token }, now + 1000)).toEqual({
      key, op: "put", expiresAt: now / 1000 + 600, maxBytes: 52_428_800, accept: "application/pdf",
    });
  });

  it("encodes each segment of a name with spaces and non-ASCII letters", () => {
    expect(signStorageUrl(secret, { ...put, key: "f/r/x/Résumé final.pdf" }, now)).toMatch(/^\/v1\/storage\/object\/f\/r\/x\/R%C3%A9sum%C3%A9%20final\.pdf\?/);
  });

  it("refuses a token for another key, another operation, another secret, or after it expires", () => {
    const token = signStorageToken(secret, put, now);
    const refused = expect.objectContaining({ code: "STORAGE_TOKEN_INVALID" }) as Error;
    expect(() => verifyStorageToken(secret, { key: "tmp/s1/cv/x1/other.pdf", op: "put", token }, now)).toThrow(refused);
    expect(() => verifyStorageToken(secret, { key, op: "get", token }, now)).toThrow(refused);
    expect(() => verifyStorageToken("t".repeat(64), { key, op: "put", token }, now)).toThrow(refused);
    expect(() => verifyStorageToken(secret, { key, op: "put", token }, now + 600_000)).toThrow(refused);
  });

  it("refuses a token whose limits were edited (a larger maxBytes, a wider accept, a later expiry)", () => {
    const [, signature] = signStorageToken(secret, put, now).split(".");
    for (const body of [{ e: now / 1000 + 600, m: 1e12, a: "application/pdf" }, { e: now / 1000 + 600, m: 52_428_800 }, { e: now / 1000 + 9e6, m: 52_428_800, a: "application/pdf" }]) {
      const forged = `${Buffer.from(JSON.stringify(body)).toString("base64url")}.${signature}`;
      expect(() => verifyStorageToken(secret, { key, op: "put", token: forged }, now)).toThrow(/invalid/);
    }
  });

  it.each([undefined, "", ".", "a.b", "a.b.c", "x".repeat(5000), 42, "eyJlIjoxfQ.", "bnVsbA.AAAA"])("refuses a malformed token %j", (token) => {
    expect(() => verifyStorageToken(secret, { key, op: "get", token }, now)).toThrow(/invalid/);
  });

  it("signs only safe keys, bounded lifetimes and capped puts", () => {
    expect(() => signStorageUrl(secret, { ...put, key: "../x" }, now)).toThrow(expect.objectContaining({ code: "STORAGE_KEY_INVALID" }) as Error);
    expect(() => signStorageUrl(secret, { ...put, expiresInSeconds: 0 }, now)).toThrow(RangeError);
    expect(() => signStorageUrl(secret, { ...put, expiresInSeconds: 8 * 86_400 }, now)).toThrow(RangeError);
    expect(() => signStorageUrl(secret, { key, op: "put", expiresInSeconds: 60 }, now)).toThrow(RangeError);
  });
});
