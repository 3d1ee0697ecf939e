/**
 * Imported for its effect, first, by the workbench entry:
 * zod compiles object schemas with `new Function` unless told not to, and probes for it when
 * a schema is built. The pages' Content-Security-Policy refuses eval, so the probe fails (zod
 * falls back) but Chromium still reports a CSP violation. zod keeps its configuration on
 * `globalThis.__zod_globalConfig` (what `z.config` writes), so this sets `jitless` without
 * loading zod, before the chunk that holds it runs. The server keeps the compiled parsers.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
