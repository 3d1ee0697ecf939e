/**
 * Node's compile cache for the built server and CLI (`module.enableCompileCache`): the V8 code
 * of every module a start compiled, kept on disk and checked against each file's content and
 * Node's version, so a restart parses and compiles none of the ~1,100 modules it loaded
 * before. The cache lives beside the build (`packages/server/dist/.compile-cache`), which the
 * user who builds and starts the server owns, not in a shared temporary directory another
 * user could write code into; NODE_COMPILE_CACHE names another. Where it cannot be written,
 * Node goes on without it.
 */
import { enableCompileCache } from "node:module";
import { join } from "node:path";

export function useCompileCache(): void {
  enableCompileCache(process.env.NODE_COMPILE_CACHE || join(import.meta.dirname, ".compile-cache"));
}
