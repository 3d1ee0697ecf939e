import { describe, expect, it } from "vitest";
import { pageAssetsFromManifest, RESPONDENT_ENTRY, WORKBENCH_ENTRY } from "./page-assets";

describe("pageAssetsFromManifest", () => {
  it("links the entry script and the CSS of the entry and its static imports", () => {
    const manifest = {
      "src/respondent/entry.tsx": { file: "assets/entry-abc.js", css: ["assets/entry-abc.css"], imports: ["_shared.js"], isEntry: true },
      "_shared.js": { file: "assets/shared-x.js", css: ["assets/shared-x.css"] },
    };
    expect(pageAssetsFromManifest(manifest)).toEqual({
      scripts: ["/assets/entry-abc.js"],
      styles: ["/assets/entry-abc.css", "/assets/shared-x.css"],
      preloads: ["/assets/shared-x.js"],
    });
  });

  it("gives each entry its own script and stylesheet, sharing only common chunks", () => {
    const manifest = {
      [RESPONDENT_ENTRY]: { file: "assets/entry-a.js", css: ["assets/entry-a.css"], imports: ["_react.js"], isEntry: true },
      [WORKBENCH_ENTRY]: { file: "assets/workbench-b.js", css: ["assets/workbench-b.css"], imports: ["_react.js"], isEntry: true },
      "_react.js": { file: "assets/react-c.js" },
    };
    expect(pageAssetsFromManifest(manifest, WORKBENCH_ENTRY)).toEqual({
      scripts: ["/assets/workbench-b.js"],
      styles: ["/assets/workbench-b.css"],
      preloads: ["/assets/react-c.js"],
    });
    expect(pageAssetsFromManifest(manifest).scripts).toEqual(["/assets/entry-a.js"]);
  });

  it("finds Inter's latin file among the built assets, for the font preload", () => {
    const manifest = {
      [RESPONDENT_ENTRY]: { file: "assets/entry-a.js", isEntry: true },
      "../../node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2": { file: "assets/inter-latin-ext-wght-normal-X.woff2", src: "../../node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2" },
      "../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2": { file: "assets/inter-latin-wght-normal-Y.woff2", src: "../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2" },
    };
    expect(pageAssetsFromManifest(manifest).fonts).toEqual(["/assets/inter-latin-wght-normal-Y.woff2"]);
  });

  it("gives no assets when the entry is missing", () => {
    expect(pageAssetsFromManifest({})).toEqual({ scripts: [], styles: [] });
  });
});
