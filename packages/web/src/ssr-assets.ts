/**
 * What the server needs of this package before it renders anything: where the build lives,
 * its page assets and the inline scripts the Content-Security-Policy allows. Nothing here
 * imports React, so the server loads the renderers (`./ssr`) only at the first page it renders.
 */
export type { PageAssets } from "./document/html-document";
export { INLINE_SCRIPTS } from "./document/inline-scripts";
export { COVER_ENTRY, loadPageAssets, pageAssetsFromManifest, RESPONDENT_ENTRY, WEB_DIST_DIR, WORKBENCH_ENTRY, type ViteManifest } from "./page-assets";
