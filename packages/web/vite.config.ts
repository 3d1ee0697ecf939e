import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

/**
 * Builds the respondent bundle (the hydrating client of the public form) to `dist/`.
 * The server serves `dist/assets/*` at `/assets/*` and reads `dist/.vite/manifest.json`
 * (see `loadPageAssets` in src/page-assets.ts) to link the entry script and its CSS.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    rolldownOptions: {
      input: { entry: "src/respondent/entry.tsx" },
      // @fieldwork/core's modules only declare things; without this its zod schemas (used by
      // the server, never by the form) would stay in the respondent bundle.
      treeshake: { moduleSideEffects: (id: string) => !/packages\/core\/src\//.test(id) },
    },
  },
});
