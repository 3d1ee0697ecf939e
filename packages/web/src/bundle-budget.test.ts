/**
 * The public form's JavaScript budget, checked on the build `npm test` has just made: a
 * form with no heavy widget loads at most 80 kB of compressed JavaScript before it is
 * interactive (the entry and every chunk it imports statically, React included), and
 * fingerprintjs is not among them. The workbench's first load (what sign-in, home,
 * organization and project pages download) leaves the form editor's lazy chunk out.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COVER_ENTRY, pageAssetsFromManifest, WEB_DIST_DIR, WORKBENCH_ENTRY, type ViteManifest } from "./page-assets";

const FIRST_LOAD_JS_BUDGET_BYTES = 80 * 1024;
/** The workbench before any editor: about 90 kB of brotli when the form editor went lazy. */
const WORKBENCH_FIRST_LOAD_JS_BUDGET_BYTES = 110 * 1024;

const manifestFile = `${WEB_DIST_DIR}.vite/manifest.json`;

describe("the public form's first-load JavaScript", () => {
  it("fits in 80 kB of brotli, fingerprintjs left for later", () => {
    if (!existsSync(manifestFile)) throw new Error("packages/web/dist is missing: run `npm run build` first");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as ViteManifest;
    const assets = pageAssetsFromManifest(manifest);
    const files = [...assets.scripts, ...(assets.preloads ?? [])];
    expect(files.length).toBeGreaterThan(0);
    const sizes = files.map((url) => ({ url, brotli: statSync(`${WEB_DIST_DIR}${url.slice(1)}.br`).size }));
    const total = sizes.reduce((sum, s) => sum + s.brotli, 0);
    expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_BYTES);
    expect(files.some((url) => /fp\.esm|fingerprint/.test(url))).toBe(false);
  });
});

describe("the workbench's first-load JavaScript", () => {
  it("leaves the form editor (respondent components, @dnd-kit, panels) to its lazy chunk", () => {
    if (!existsSync(manifestFile)) throw new Error("packages/web/dist is missing: run `npm run build` first");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as ViteManifest;
    const lazy = manifest["src/workbench/editor/form-editor.tsx"];
    expect(lazy?.isDynamicEntry).toBe(true);
    const assets = pageAssetsFromManifest(manifest, WORKBENCH_ENTRY);
    const files = [...assets.scripts, ...(assets.preloads ?? [])];
    expect(files).not.toContain(`/${lazy!.file}`);
    const total = files.reduce((sum, url) => sum + statSync(`${WEB_DIST_DIR}${url.slice(1)}.br`).size, 0);
    expect(total, files.join(", ")).toBeLessThanOrEqual(WORKBENCH_FIRST_LOAD_JS_BUDGET_BYTES);
  });
});

/** The cover page's script (countdown, carousel): about 1 kB of brotli when it was made. */
const COVER_JS_BUDGET_BYTES = 4 * 1024;

describe("the cover page's JavaScript", () => {
  it("is a few kilobytes, with nothing of React or the form's entry, and the form's entry imports none of it", () => {
    if (!existsSync(manifestFile)) throw new Error("packages/web/dist is missing: run `npm run build` first");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as ViteManifest;
    const cover = pageAssetsFromManifest(manifest, COVER_ENTRY);
    const files = [...cover.scripts, ...(cover.preloads ?? [])];
    // Files too small to be worth compressing have no .br beside them.
    const sent = (url: string) => {
      const file = `${WEB_DIST_DIR}${url.slice(1)}`;
      return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
    };
    const total = files.reduce((sum, url) => sum + sent(url), 0);
    expect(total, files.join(", ")).toBeLessThanOrEqual(COVER_JS_BUDGET_BYTES);
    const form = pageAssetsFromManifest(manifest);
    const formFiles = new Set([...form.scripts, ...(form.preloads ?? [])]);
    expect(files.filter((url) => formFiles.has(url))).toEqual([]);
    expect(cover.styles.length).toBeGreaterThan(0);
  });
});
