import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { deliverAssets, ENTRY_DELIVERY, loadPageAssets, pageAssetsFromManifest, RESPONDENT_ENTRY, WORKBENCH_ENTRY } from "./page-assets";

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

  it("does not preload a lazy chunk (the workbench's form editor) nor what only it imports", () => {
    const manifest = {
      [WORKBENCH_ENTRY]: { file: "assets/workbench-b.js", imports: ["_react.js"], dynamicImports: ["src/workbench/editor/form-editor.tsx"], isEntry: true },
      "src/workbench/editor/form-editor.tsx": { file: "assets/form-editor-d.js", css: ["assets/form-editor-d.css"], imports: ["_react.js", WORKBENCH_ENTRY, "_respondent.js"], isDynamicEntry: true },
      "_react.js": { file: "assets/react-c.js" },
      "_respondent.js": { file: "assets/shared-e.js" },
    };
    expect(pageAssetsFromManifest(manifest, WORKBENCH_ENTRY)).toEqual({ scripts: ["/assets/workbench-b.js"], styles: [], preloads: ["/assets/react-c.js"] });
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

describe("deliverAssets", () => {
  const linked = { scripts: ["/assets/e.js"], styles: ["/assets/e.css", "/assets/gone.css"], preloads: ["/assets/r.js"], fonts: ["/assets/inter.woff2"] };
  const read = (href: string) => (href === "/assets/e.css" ? "body{color:red}" : null);

  it("puts the public form's CSS in the page and does not preload its font", () => {
    expect(deliverAssets(linked, ENTRY_DELIVERY[RESPONDENT_ENTRY]!, read)).toEqual({
      scripts: ["/assets/e.js"], preloads: ["/assets/r.js"], styles: ["/assets/gone.css"], inlineStyles: ["body{color:red}"],
    });
  });

  it("keeps the workbench's CSS linked (cached between visits) and its font preloaded", () => {
    expect(deliverAssets(linked, ENTRY_DELIVERY[WORKBENCH_ENTRY]!, read)).toEqual(linked);
  });
});

describe("loadPageAssets", () => {
  const dist = mkdtempSync(join(tmpdir(), "fieldwork-dist-"));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, ".vite"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "assets/entry-a.css"), "main{display:grid}");
  writeFileSync(join(dist, "assets/workbench-b.css"), "nav{display:flex}");
  writeFileSync(join(dist, ".vite/manifest.json"), JSON.stringify({
    [RESPONDENT_ENTRY]: { file: "assets/entry-a.js", css: ["assets/entry-a.css"], imports: ["_react.js"], isEntry: true },
    [WORKBENCH_ENTRY]: { file: "assets/workbench-b.js", css: ["assets/workbench-b.css"], imports: ["_react.js"], isEntry: true },
    "_react.js": { file: "assets/react-c.js" },
    "inter-latin-wght-normal.woff2": { file: "assets/inter-latin-wght-normal-Y.woff2", src: "inter-latin-wght-normal.woff2" },
  }));

  it("reads the public form's stylesheet once, as text for the page", () => {
    expect(loadPageAssets(dist)).toEqual({
      scripts: ["/assets/entry-a.js"], styles: [], inlineStyles: ["main{display:grid}"], preloads: ["/assets/react-c.js"],
    });
  });

  it("links the workbench's stylesheet and preloads Inter", () => {
    expect(loadPageAssets(dist, WORKBENCH_ENTRY)).toEqual({
      scripts: ["/assets/workbench-b.js"], styles: ["/assets/workbench-b.css"], preloads: ["/assets/react-c.js"],
      fonts: ["/assets/inter-latin-wght-normal-Y.woff2"],
    });
  });

  it("gives no assets when nothing is built", () => {
    expect(loadPageAssets(join(dist, "missing"))).toEqual({ scripts: [], styles: [] });
  });
});
