/** `npm run cli` (dist/cli.js): the compile cache first (compile-cache.ts), then the CLI. */
import { useCompileCache } from "../compile-cache";

useCompileCache();
await import("./main");
