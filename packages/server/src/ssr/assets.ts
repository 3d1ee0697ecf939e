/**
 * The built respondent bundle (packages/web/dist): its manifest names the entry script and
 * styles the form page links. Without a build the page still works as a plain HTML form.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PageAssets } from "@fieldwork/web/ssr";

export const WEB_DIST = fileURLToPath(new URL("../../../web/dist/", import.meta.url));
const ENTRY = "src/respondent/entry.tsx";

interface ManifestChunk { file: string; css?: string[]; imports?: string[] }

export function readAssets(dist = WEB_DIST): PageAssets | undefined {
  const file = `${dist}.vite/manifest.json`;
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const entry = manifest[ENTRY];
  if (!entry) return undefined;
  const styles = new Set<string>();
  const visit = (chunk: ManifestChunk | undefined) => {
    chunk?.css?.forEach((css) => styles.add(`/${css}`));
    chunk?.imports?.forEach((name) => visit(manifest[name]));
  };
  visit(entry);
  return { scripts: [`/${entry.file}`], styles: [...styles] };
}
