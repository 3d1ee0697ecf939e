/**
 * `npm start` (dist/main.js): the compile cache first (compile-cache.ts), then the server,
 * whose modules load after it (main.ts; a static import would load them before).
 */
import { useCompileCache } from "./compile-cache";

useCompileCache();
await import("./main");
