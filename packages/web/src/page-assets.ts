/**
 * The built files a page links, read from Vite's manifest (`dist/.vite/manifest.json`).
 * The server serves `dist/assets/*` at `/assets/*`. The build has two entries, the public
 * form and the workbench; ask for the one the page needs.
 *
 * Each entry has its own way of taking them (`ENTRY_DELIVERY`). The public form is opened
 * once, often on a phone on a slow network, by someone who has never been here: its CSS
 * is read once when the server starts and goes inside the page, so the first paint waits
 * for no second request; and Inter is not preloaded, since its 48 kB would share the
 * line with the page itself while the metric-matched "Inter Fallback" already draws the
 * text in place (the inline CSS asks for Inter as soon as the first text is laid out).
 * The workbench is an app people come back to: its CSS stays a cached `<link>` and its
 * font is preloaded.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PageAssets } from "./document/html-document";

/** The respondent entry as the manifest names it. */
export const RESPONDENT_ENTRY = "src/respondent/entry.tsx";
/** The start page's script and stylesheet (countdown, carousel) as the manifest names it. */
export const COVER_ENTRY = "src/cover/cover-script.ts";
/** The workbench (owner app) entry as the manifest names it. */
export const WORKBENCH_ENTRY = "src/workbench/entry.tsx";

/** Absolute path of packages/web/dist/ (built by `npm run build -w @fieldwork/web`). */
export const WEB_DIST_DIR = fileURLToPath(new URL("../dist/", import.meta.url));

export interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  /** Chunks loaded later by `import()` (the workbench's form editor): never preloaded. */
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The Inter file of latin text, which nearly every page draws first: preloaded when the theme uses Inter. */
const INTER_LATIN = /inter-latin-wght-normal\.woff2$/;

/**
 * Entry script, the chunks it statically imports (to modulepreload, so the shared React
 * chunk does not wait for the entry to be parsed), every stylesheet they need and the
 * Inter latin font, as absolute URLs. Chunks the entry only imports dynamically (and what
 * they import) are left for when the page asks for them.
 */
export function pageAssetsFromManifest(manifest: ViteManifest, entry = RESPONDENT_ENTRY, base = "/"): PageAssets {
  const chunk = manifest[entry];
  if (!chunk) return { scripts: [], styles: [] };
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const seen = new Set<string>();
  const collect = (key: string) => {
    const c = manifest[key];
    if (!c || seen.has(key)) return;
    seen.add(key);
    if (key !== entry) preloads.add(base + c.file);
    for (const css of c.css ?? []) styles.add(base + css);
    for (const imported of c.imports ?? []) collect(imported);
  };
  collect(entry);
  const fonts = Object.values(manifest).filter((c) => INTER_LATIN.test(c.src ?? "")).map((c) => base + c.file);
  return {
    scripts: [base + chunk.file],
    styles: [...styles],
    ...(preloads.size ? { preloads: [...preloads] } : {}),
    ...(fonts.length ? { fonts } : {}),
  };
}

/** How a page of one entry takes its assets. */
export interface AssetDelivery {
  /** The stylesheets' text goes into the page (read once) instead of `<link>`s. */
  inlineStyles: boolean;
  /** Inter's latin file is preloaded (on pages whose theme uses Inter). */
  preloadFont: boolean;
}

export const ENTRY_DELIVERY: Record<string, AssetDelivery> = {
  [RESPONDENT_ENTRY]: { inlineStyles: true, preloadFont: false },
  [WORKBENCH_ENTRY]: { inlineStyles: false, preloadFont: true },
  [COVER_ENTRY]: { inlineStyles: true, preloadFont: false },
};

/**
 * Applies a delivery to linked assets: stylesheets whose file `readCss` finds become
 * inline text (one that cannot be read stays linked), fonts are dropped unless preloaded.
 */
export function deliverAssets(assets: PageAssets, delivery: AssetDelivery, readCss: (href: string) => string | null): PageAssets {
  const { fonts, ...rest } = assets;
  const result: PageAssets = { ...rest, ...(delivery.preloadFont && fonts ? { fonts } : {}) };
  if (!delivery.inlineStyles) return result;
  const inline: string[] = [];
  const linked: string[] = [];
  for (const href of assets.styles) {
    const css = readCss(href);
    if (css === null) linked.push(href);
    else inline.push(css);
  }
  return { ...result, styles: linked, ...(inline.length ? { inlineStyles: inline } : {}) };
}

/**
 * Reads the manifest of a built dist dir and gives the assets of one entry (the respondent
 * form unless told otherwise), delivered the entry's way; no build yet gives empty assets
 * (pages still render).
 */
export function loadPageAssets(distDir = WEB_DIST_DIR, entry = RESPONDENT_ENTRY): PageAssets {
  const dir = distDir.replace(/\/?$/, "/");
  let manifest: ViteManifest;
  try {
    manifest = JSON.parse(readFileSync(`${dir}.vite/manifest.json`, "utf8")) as ViteManifest;
  } catch {
    return { scripts: [], styles: [] };
  }
  const readCss = (href: string) => {
    try {
      return readFileSync(dir + href.replace(/^\//, ""), "utf8");
    } catch {
      return null;
    }
  };
  return deliverAssets(pageAssetsFromManifest(manifest, entry), ENTRY_DELIVERY[entry] ?? { inlineStyles: false, preloadFont: true }, readCss);
}
