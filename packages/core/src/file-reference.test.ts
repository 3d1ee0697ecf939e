import { describe, expect, it } from "vitest";
import { filePreviewSrcPath, fileReferenceOf, fileUpsertPath, withQuery } from "./file-reference";

const sign = (key: string) => `/v1/storage/object/${key}?token=t-${key.length}`;

describe("file references", () => {
  it("adds signed links to the stored metadata: a 200 px thumbnail for images, a download, an optional upsert", () => {
    const meta = { path: "f/r/x/me.png", name: "me.png", size: 10, type: "image/png", lastModified: 1 };
    const ref = fileReferenceOf(meta, sign, { upsert: fileUpsertPath("f", "x", meta.path) });
    expect(ref).toEqual({
      ...meta,
      src: "/v1/storage/object/f/r/x/me.png?token=t-12",
      srcset: { original: "/v1/storage/object/f/r/x/me.png?token=t-12", thumbnail: "/v1/storage/object/f/r/x/me.png?token=t-12&width=200&resize=contain&quality=50" },
      download: "/v1/storage/object/f/r/x/me.png?token=t-12&download=true",
      upsert: "/private/editor/f/fields/x/file/upsert?path=f%2Fr%2Fx%2Fme.png",
    });
  });

  it("gives a file that is no raster image its original as thumbnail, and no upsert unless asked", () => {
    const ref = fileReferenceOf({ path: "f/r/x/cv.pdf", name: "cv.pdf", size: 3, type: "application/pdf", lastModified: 1, duration: 2 }, sign);
    expect(ref.srcset.thumbnail).toBe(ref.src);
    expect(ref.duration).toBe(2);
    expect("upsert" in ref).toBe(false);
  });

  it("builds owner route paths with their query encoded", () => {
    expect(filePreviewSrcPath("f", "x", "f/a b&c.pdf", { width: 200, download: true }))
      .toBe("/private/editor/f/fields/x/file/preview/src?path=f%2Fa+b%26c.pdf&width=200&download=true");
    expect(withQuery("/a", "b=1")).toBe("/a?b=1");
    expect(withQuery("/a?x=1", "")).toBe("/a?x=1");
  });
});
