import { describe, expect, it } from "vitest";
import { pageAssetsFromManifest } from "./page-assets";

describe("pageAssetsFromManifest", () => {
  it("links the entry script and the CSS of the entry and its static imports", () => {
    const manifest = {
      "src/respondent/entry.tsx": { file: "assets/entry-abc.js", css: ["assets/entry-abc.css"], imports: ["_shared.js"], isEntry: true },
      "_shared.js": { file: "assets/shared-x.js", css: ["assets/shared-x.css"] },
    };
    expect(pageAssetsFromManifest(manifest)).toEqual({
      scripts: ["/assets/entry-abc.js"],
      styles: ["/assets/entry-abc.css", "/assets/shared-x.css"],
    });
  });

  it("gives no assets when the entry is missing", () => {
    expect(pageAssetsFromManifest({})).toEqual({ scripts: [], styles: [] });
  });
});
