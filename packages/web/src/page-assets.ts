/**
 * The built files a page links, read from Vite's manifest (`dist/.vite/manifest.json`).
 * The server serves `dist/assets/*` at `/assets/*`.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PageAssets } from "./document/html-document";

/** The respondent entry as the manifest names it. */
export const RESPONDENT_ENTRY = "src/respondent/entry.tsx";

/** Absolute path of packages/web/dist/ (built by `npm run build -w @fieldwork/web`). */
export const WEB_DIST_DIR = fileURLToPath(new URL("../dist/", import.meta.url));

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/** Entry script and every stylesheet it (or a static import) needs, as absolute URLs. */
export function pageAssetsFromManifest(manifest: ViteManifest, entry = RESPONDENT_ENTRY, base = "/"): PageAssets {
  const chunk = manifest[entry];
  if (!chunk) return { scripts: [], styles: [] };
  const styles = new Set<string>();
  const seen = new Set<string>();
  const collect = (key: string) => {
    const c = manifest[key];
    if (!c || seen.has(key)) return;
    seen.add(key);
    for (const css of c.css ?? []) styles.add(base + css);
    for (const imported of c.imports ?? []) collect(imported);
  };
  collect(entry);
  return { scripts: [base + chunk.file], styles: [...styles] };
}

/** Reads the manifest of a built dist dir; no build yet gives empty assets (pages still render). */
export function loadPageAssets(distDir = WEB_DIST_DIR): PageAssets {
  try {
    const manifest = JSON.parse(readFileSync(`${distDir.replace(/\/?$/, "/")}.vite/manifest.json`, "utf8")) as ViteManifest;
    return pageAssetsFromManifest(manifest);
  } catch {
    return { scripts: [], styles: [] };
  }
}
