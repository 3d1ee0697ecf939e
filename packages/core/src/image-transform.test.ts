import { describe, expect, it } from "vitest";
import { imageTransformOf, imageTransformQuery, THUMBNAIL_TRANSFORM } from "./image-transform";

describe("image transforms (issue 21, spec 3 §9)", () => {
  it("reads width, height, resize, quality and format", () => {
    expect(imageTransformOf({ width: "200", resize: "contain", quality: "50", token: "x" })).toEqual({ ok: true, transform: THUMBNAIL_TRANSFORM });
    expect(imageTransformOf({ height: "4096", format: "avif" })).toEqual({ ok: true, transform: { height: 4096, format: "avif" } });
    expect(imageTransformOf({ token: "x", download: "true" })).toEqual({ ok: true, transform: undefined });
  });

  it.each([
    { width: "0" }, { width: "4097" }, { width: "-1" }, { width: "1.5" }, { width: "1e3" }, { width: " 20" }, { width: "0x10" }, { width: "" },
    { height: "99999999999999999999" }, { quality: "0" }, { quality: "101" }, { resize: "stretch" }, { resize: "Cover" },
    { format: "gif" }, { format: "svg" }, { width: ["1", "2"] }, { quality: { a: 1 } },
  ])("refuses %j", (query) => {
    expect(imageTransformOf(query)).toEqual({ ok: false });
  });

  it("writes a transform back as one query string in a fixed order", () => {
    expect(imageTransformQuery({ quality: 50, resize: "contain", width: 200 })).toBe("width=200&resize=contain&quality=50");
    expect(imageTransformOf(Object.fromEntries(new URLSearchParams(imageTransformQuery(THUMBNAIL_TRANSFORM))))).toEqual({ ok: true, transform: THUMBNAIL_TRANSFORM });
  });
});
