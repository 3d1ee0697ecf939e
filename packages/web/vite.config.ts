import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { precompress } from "./vite-precompress";

/**
 * Builds three browser entries to `dist/`: the respondent bundle (the hydrating client of the
 * public form), the workbench SPA (the owner-facing app) and the start page's small script
 * and stylesheet (only pages with a cover load it). Each has its own entry chunk
 * and stylesheet; what both import (React) lands in a shared chunk, so the public form
 * loads nothing of the workbench. The server serves `dist/assets/*` at `/assets/*` and reads
 * `dist/.vite/manifest.json` (see `loadPageAssets` in src/page-assets.ts) per entry. Every text
 * asset gets a `.br` and a `.gz` beside it (vite-precompress.ts), which the server sends as is.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    rolldownOptions: {
      input: { entry: "src/respondent/entry.tsx", workbench: "src/workbench/entry.tsx", cover: "src/cover/cover-script.ts" },
      // @fieldwork/core's modules only declare things; without this its zod schemas (used by
      // the server, never by the form) would stay in the respondent bundle.
      treeshake: { moduleSideEffects: (id: string) => !/packages\/core\/src\//.test(id) },
      // Code both entries use (React, icon runtime) goes to a chunk named for what it is,
      // not after its first module; lazy chunks (fingerprintjs) keep their own names.
      output: {
        chunkFileNames: (chunk) => (chunk.isDynamicEntry ? "assets/[name]-[hash].js" : "assets/shared-[hash].js"),
        // React and React DOM stay one chunk: a lazy widget of the form (the uploader) that
        // imports React alone would otherwise split React from React DOM, and two brotli
        // streams cost the first load about a kilobyte. Lucide's icon runtime (not the icons)
        // and Vite's preload helper, which both entries load too, join it for the same reason.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/]((react|react-dom|scheduler)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](shared[\\/]|context\.mjs|Icon\.mjs|createLucideIcon\.mjs))|vite[\\/]preload-helper/,
            },
          ],
        },
      },
    },
  },
});
