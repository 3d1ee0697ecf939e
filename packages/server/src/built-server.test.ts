/**
 * The built server (what `npm start` runs) on both backends: it seeds on a first start (the
 * demo form read from its JSON beside the sources), renders the public form and the workbench
 * shell through the renderers' lazy chunk, serves the respondent bundle, and the built CLI
 * reads the same database (through the running server on PGlite). A start loads no SDK of a
 * service nobody configured, and leaves Node's compile cache for the next.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { describeEachAtOnce } from "./test/at-once";
import { BACKENDS } from "./test/backends";
import { BUILT_MAIN, demoFormIdOf, ROOT, startServer } from "./test/built-server";
import { useBuiltServerStore } from "./test/built-server-store";

describeEachAtOnce(BACKENDS, "the built server on $name", (backend) => {
  const store = useBuiltServerStore(backend, "built");

  it.skipIf(!backend.available)("seeds, renders the form and the workbench, serves the bundle, and its CLI reads the database", async () => {
    const env = store.env();
    const server = await startServer(env);
    try {
      const formId = demoFormIdOf(server.output());
      const page = await fetch(`${server.url}/d/e/${formId}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Full name");
      const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script, html.slice(0, 2000)).toBeDefined();
      expect((await fetch(`${server.url}${script}`)).status).toBe(200);
      const shell = await fetch(`${server.url}/sign-in`);
      expect(shell.status).toBe(200);
      expect(await shell.text()).toContain("<!doctype html>");

      const cli = spawnSync(process.execPath, ["packages/server/dist/cli.js", "forms", "export", formId], {
        cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8", timeout: 60_000,
      });
      expect(cli.status, cli.stderr).toBe(0);
      expect(JSON.parse(cli.stdout)).toMatchObject({ title: expect.any(String), fields: expect.any(Array) });
    } finally {
      server.child.kill("SIGTERM");
      expect((await server.exited).code).toBe(0);
    }
  }, 120_000);

  it.skipIf(!backend.available)("loads neither the AI, the Stripe nor the image SDK until used, and keeps its compiled code for the next start", async () => {
    // Every module the process loads, written down by a module hook loaded before the server.
    const loaded = join(store.dataDir, "loaded.txt");
    const hook = join(store.dataDir, "hook.mjs");
    writeFileSync(hook, `import { registerHooks } from "node:module"; import { appendFileSync } from "node:fs";
registerHooks({ load(url, context, next) { appendFileSync(${JSON.stringify(loaded)}, url + "\\n"); return next(url, context); } });`);
    const cache = join(store.dataDir, "compile-cache");
    const server = await startServer({ ...store.env(), NODE_COMPILE_CACHE: cache }, { args: ["--import", hook, BUILT_MAIN] });
    try {
      expect((await fetch(`${server.url}/d/e/${demoFormIdOf(server.output())}`)).status).toBe(200);
      const urls = readFileSync(loaded, "utf8").split("\n");
      expect(urls.some((url) => url.includes("/node_modules/fastify/"))).toBe(true);
      expect(urls.filter((url) => /\/node_modules\/(openai|stripe|sharp)\//.test(url))).toEqual([]);
    } finally {
      server.child.kill("SIGTERM");
      expect((await server.exited).code).toBe(0);
    }
    expect(existsSync(cache) && readdirSync(cache, { recursive: true }).length).toBeGreaterThan(1);
  }, 120_000);
});
