/**
 * The built files a page links, read from Vite's manifest (`dist/.vite/manifest.json`).
 * The server serves `dist/assets/*` at `/assets/*`. The build has two entries, the public
 * form and the workbench; ask for the one the page needs.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PageAssets } from "./document/html-document";

/** The respondent entry as the manifest names it. */
export const RESPONDENT_ENTRY = "src/respondent/entry.tsx";
/** The workbench (owner app) entry as the manifest names it. */
export const WORKBENCH_ENTRY = "src/workbench/entry.tsx";

/** Absolute path of packages/web/dist/ (built by `npm run build -w @fieldwork/web`). */
export const WEB_DIST_DIR = fileURLToPath(new URL("../dist/", import.meta.url));

export interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The Inter file of latin text, which nearly every page draws first: preloaded when the theme uses Inter. */
const INTER_LATIN = /inter-latin-wght-normal\.woff2$/;

/**
 * Entry script, the chunks it statically imports (to modulepreload, so the shared React
 * chunk does not wait for the entry to be parsed), every stylesheet they need and the
 * Inter latin font, as absolute URLs.
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

/**
 * Reads the manifest of a built dist dir and gives the assets of one entry (the respondent
 * form unless told otherwise); no build yet gives empty assets (pages still render).
 */
export function loadPageAssets(distDir = WEB_DIST_DIR, entry = RESPONDENT_ENTRY): PageAssets {
  try {
    const manifest = JSON.parse(readFileSync(`${distDir.replace(/\/?$/, "/")}.vite/manifest.json`, "utf8")) as ViteManifest;
    return pageAssetsFromManifest(manifest, entry);
  } catch {
    return { scripts: [], styles: [] };
  }
}
